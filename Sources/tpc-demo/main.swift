import Foundation

// `tpc demo …` execs this binary with `demo …`; run directly, the word is optional.
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first != DemoCommand.spec.name { arguments.insert(DemoCommand.spec.name, at: 0) }
let status = await DemoCommand.main(arguments)
exit(status.rawValue)
