/// A command of the command line as the parser and the help see it: its
/// ``CommandConfiguration`` (name, help, options, arguments, subcommands).
///
/// A group of subcommands (`tpc issuer`) is only this; a command that runs is
/// a ``Command``. A leaf that an executable declares but does not run (`tpc`
/// parses `tpc demo` and hands it to `tpc-demo`) is only this in that
/// executable too.
///
/// ```swift
/// enum IssuerCommands: CommandDeclaration {
///     static let configuration = CommandConfiguration(
///         name: "issuer", abstract: "The bank's tools.", subcommands: [IssuerInitCommand.self])
/// }
/// ```
package protocol CommandDeclaration: Sendable {
    /// The declaration the parser and the help read.
    static var configuration: CommandConfiguration { get }
}
