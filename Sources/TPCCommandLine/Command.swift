/// A command that runs: one type declaring its options (as static members its
/// ``CommandConfiguration`` lists), reading them, and running.
///
/// ``CommandLineTool`` parses the command line against the declarations,
/// creates the command with the result and runs it, and prints what either
/// throws as it was made: a usage error (two lines, pointing to help) or a
/// failure (one line) — a ``CommandLineError``, a
/// ``CommandLineErrorConvertible``, or any other error with a hint to help.
///
/// ```swift
/// struct GreetCommand: Command {
///     static let name = Option<String>("name", valueName: "name", help: "Whom to greet.", default: "world")
///     static let configuration = CommandConfiguration(
///         name: "greet", abstract: "Print a greeting.", options: [name])
///
///     let greeted: String
///
///     init(_ arguments: ParsedArguments) throws(CommandLineError) {
///         greeted = try arguments[Self.name]
///     }
///
///     func run() async throws -> ExitCode {
///         print("hello, \(greeted)")
///         return .success
///     }
/// }
/// ```
package protocol Command: CommandDeclaration {
    /// Reads the command's values from `arguments` and checks them together.
    ///
    /// - Throws: ``CommandLineError``: a usage error.
    init(_ arguments: ParsedArguments) throws(CommandLineError)

    /// Runs the command; its exit status.
    ///
    /// - Throws: what made it fail: a usage error only running can find (a
    ///   value that contradicts stored state), or a failure.
    func run() async throws -> ExitCode
}
