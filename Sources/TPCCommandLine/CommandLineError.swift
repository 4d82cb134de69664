import ProvisioningPrimitives

/// The one failure of the command line tools (`tpc`, `tpc-demo`): a command
/// line that cannot be run, or a command that ran and failed. Its code says
/// which, and decides the exit status.
///
/// A usage error — an unknown option, a missing or invalid value — prints as
/// two lines, the message and a hint pointing to the command's help; a failed
/// command prints one line, its hint (if any) in parentheses.
/// ``CommandLineTool`` prints either after the program name and exits with
/// ``exitCode``:
///
/// ```text
/// tpc: unknown option --prot
/// did you mean --port?; see `tpc serve --help`
///
/// tpc: error: --scope is required (hint: for example --scope provision)
/// ```
///
/// ```swift
/// throw CommandLineError(.invalidInput, "the card JSON is larger than 4096 bytes", hint: "send one card object")
/// ```
///
/// Messages name options and commands but never echo an option's value: a
/// value may be a secret or card data typed on the command line.
package struct CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, and the exit status it ends the process with. New
    /// codes are added as static members; switch with a `default` branch.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        /// The exit status of a failure of this kind.
        package let exitCode: ExitCode

        /// A code ending the process with `exitCode`.
        package init(_ rawValue: String, exitCode: ExitCode) {
            self.rawValue = rawValue
            self.exitCode = exitCode
        }

        /// A code ending the process with ``ExitCode/failure``.
        package init(rawValue: String) { self.init(rawValue, exitCode: .failure) }

        /// An option that the command does not declare.
        package static let unknownOption = Code("unknown-option", exitCode: .usage)
        /// An option that takes a value was given none.
        package static let missingValue = Code("missing-value", exitCode: .usage)
        /// A required option or argument is absent.
        package static let missingRequired = Code("missing-required", exitCode: .usage)
        /// A value that cannot be converted, is not one of the allowed values, or
        /// was given to a flag.
        package static let invalidValue = Code("invalid-value", exitCode: .usage)
        /// A subcommand name that does not exist.
        package static let unknownCommand = Code("unknown-command", exitCode: .usage)
        /// A command that needs a subcommand was given none.
        package static let missingCommand = Code("missing-command", exitCode: .usage)
        /// More positional arguments than the command declares.
        package static let unexpectedArgument = Code("unexpected-argument", exitCode: .usage)
        /// An option that may appear once appeared again.
        package static let duplicateOption = Code("duplicate-option", exitCode: .usage)
        /// Input data is wrong: a malformed card JSON, a device name in use.
        package static let invalidInput = Code("invalid-input", exitCode: .data)
        /// A service, database, port or executable is not available.
        package static let unavailable = Code("unavailable", exitCode: .unavailable)
        /// A configuration, key or certificate file is missing, unreadable or wrong.
        package static let configuration = Code("configuration", exitCode: .config)
        /// The command ran and failed (the service refused, a check failed).
        package static let commandFailed = Code("command-failed", exitCode: .failure)
        /// A declared command this executable cannot run: a bug.
        package static let notRunnable = Code("not-runnable", exitCode: .software)
    }

    /// The kind of failure.
    package let code: Code
    /// One line saying what is wrong, such as `unknown option --prot`.
    package let message: String
    /// What to do about it, such as "did you mean --port?; see `tpc serve --help`".
    package let hint: String?
    /// Whether it prints as a usage error: the message, then the hint on a
    /// line of its own.
    package let isUsage: Bool

    /// A usage error of the command at `commandPath` (such as `["tpc", "serve"]`):
    /// its hint is `suggestion`, if any, then "see `tpc serve --help`".
    package init(_ code: Code, _ message: String, commandPath: [String], suggestion: String? = nil) {
        let help = "see `\(commandPath.joined(separator: " ")) --help`"
        self.code = code
        self.message = message
        self.hint = suggestion.map { "\($0); \(help)" } ?? help
        self.isUsage = true
    }

    /// A failure of a command that ran, printed on one line.
    package init(_ code: Code, _ message: String, hint: String? = nil) {
        self.code = code
        self.message = message
        self.hint = hint
        self.isUsage = false
    }

    /// The exit status: the code's.
    package var exitCode: ExitCode { code.exitCode }

    /// The same failure printed on one line, as a command that ran prints its
    /// failures (the issuer and back-office tools, whose output scripts read).
    package var asFailure: CommandLineError {
        CommandLineError(code, message, hint: hint)
    }

    /// What ``CommandLineTool`` prints after `tpc: `: two lines for a usage
    /// error, otherwise one.
    package var report: String {
        guard !isUsage else { return "\(message)\n\(hint ?? "")" }
        return hint.map { "error: \(message) (hint: \($0))" } ?? message
    }

    package var description: String { hint.map { "\(message) (\($0))" } ?? message }
}
