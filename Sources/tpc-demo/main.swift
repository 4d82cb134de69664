import Foundation
import TPCCommandLine

// `tpc demo …` and `tpc sandbox device …` exec this binary with their own
// arguments; run directly, `demo` is optional.
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first != DemoExecutable.demo.name, arguments.first != DemoTool.sandbox.name {
    arguments.insert(DemoExecutable.demo.name, at: 0)
}
let status = await DemoTool.main(arguments)
exit(status.rawValue)
