import Foundation
import TPCCommandLine

// Dispatch only: the commands live in their own files. `tpc` declares the
// commands of `tpc-demo` too (to answer their help) and hands them over.
let status = await CommandLineTool(root: TPCCommand.self).run(
    Array(CommandLine.arguments.dropFirst()), handOver: DemoLauncher.run)
exit(status.rawValue)
