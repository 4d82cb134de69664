/// A command line that cannot be run, with a one-line message and a hint.
///
/// Print it on standard error as two lines and exit with ``exitCode``:
///
/// ```swift
/// catch let error as CommandLineError {
///     FileHandle.standardError.write(Data("error: \(error.message)\n\(error.hint)\n".utf8))
///     exit(error.exitCode.rawValue)
/// }
/// ```
///
/// Messages name options and commands but never echo an option's value: a
/// value may be a secret or card data typed on the command line.
package struct CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// An option that the command does not declare.
        package static let unknownOption = Code(rawValue: "unknown-option")
        /// An option that takes a value was given none.
        package static let missingValue = Code(rawValue: "missing-value")
        /// A required option or argument is absent.
        package static let missingRequired = Code(rawValue: "missing-required")
        /// A value that cannot be converted, is not one of the allowed values, or
        /// was given to a flag.
        package static let invalidValue = Code(rawValue: "invalid-value")
        /// A subcommand name that does not exist.
        package static let unknownCommand = Code(rawValue: "unknown-command")
        /// A command that needs a subcommand was given none.
        package static let missingCommand = Code(rawValue: "missing-command")
        /// More positional arguments than the command declares.
        package static let unexpectedArgument = Code(rawValue: "unexpected-argument")
        /// An option that may appear once appeared again.
        package static let duplicateOption = Code(rawValue: "duplicate-option")
    }

    /// The kind of failure.
    package let code: Code
    /// One line saying what is wrong, such as `unknown option --prot`.
    package let message: String
    /// The command the error concerns, such as `["tpc", "serve"]`.
    package let commandPath: [String]
    /// A suggestion that replaces the default hint, such as "did you mean --port?".
    package let suggestion: String?

    package init(_ code: Code, _ message: String, commandPath: [String], suggestion: String? = nil) {
        self.code = code
        self.message = message
        self.commandPath = commandPath
        self.suggestion = suggestion
    }

    /// One line pointing to help: the suggestion, if any, then
    /// "see `tpc serve --help`".
    package var hint: String {
        let help = "see `\(commandPath.joined(separator: " ")) --help`"
        guard let suggestion else { return help }
        return "\(suggestion); \(help)"
    }

    /// Always ``ExitCode/usage``.
    package var exitCode: ExitCode { .usage }

    package var description: String { "\(message) (\(hint))" }
}
