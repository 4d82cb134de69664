import Foundation
import TPCCommandLine

// `tpc demo …` and `tpc sandbox device …` exec this binary with their own
// arguments; run directly, `demo` is optional.
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first != DemoCommand.configuration.name, arguments.first != DemoSandboxCommands.configuration.name {
    arguments.insert(DemoCommand.configuration.name, at: 0)
}
let status = await CommandLineTool(root: DemoTool.self).run(arguments)
exit(status.rawValue)
