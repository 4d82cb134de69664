/// An error of another module that a command reports as a
/// ``CommandLineError``: ``CommandLineTool`` converts it when a command's
/// `run()` throws it, so commands need not catch it themselves.
///
/// ```swift
/// extension IssuerToolError: CommandLineErrorConvertible {
///     package func commandLineError(commandPath: [String]) -> CommandLineError {
///         CommandLineError(.commandFailed, description, hint: "see `\(commandPath.joined(separator: " ")) --help`")
///     }
/// }
/// ```
package protocol CommandLineErrorConvertible: Error {
    /// This error as the command at `commandPath` (such as `["tpc", "tokens",
    /// "list"]`) reports it: its exit code and hint.
    func commandLineError(commandPath: [String]) -> CommandLineError
}
