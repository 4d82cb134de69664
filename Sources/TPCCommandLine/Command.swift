/// A command that runs: one type declaring its options (as static members its
/// ``CommandConfiguration`` lists), reading them, and running.
///
/// ``CommandLineTool`` parses the command line against the declarations,
/// creates the command with the result and runs it. A usage error thrown by
/// `init` prints as one (two lines, pointing to help); a failure thrown by
/// `run()` prints on one line — a ``CommandLineError``, a
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
    /// - Throws: what made it fail, printed on one line.
    func run() async throws -> ExitCode
}
