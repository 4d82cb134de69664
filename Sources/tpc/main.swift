import Foundation

// Dispatch only: the commands live in their own files.
let status = await TPCTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
