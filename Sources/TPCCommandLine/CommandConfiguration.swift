/// What a command declares: the name typed on the command line, its help, its
/// options and positional arguments, and its subcommands. The command types
/// of a tool, from its root, are the whole tool's declaration; parsing, help
/// and dispatch all come from them.
///
/// ```swift
/// static let configuration = CommandConfiguration(
///     name: "serve", abstract: "Run the provisioning service.",
///     options: [sandbox, host, port],
///     arguments: [])
/// ```
package struct CommandConfiguration: Sendable {
    /// The name typed on the command line.
    package let name: String
    /// One line saying what the command does.
    package let abstract: String
    /// More text for the command's help, printed after the overview.
    package let discussion: String?
    /// The options, in help's order (also accepted by every subcommand).
    package let options: [OptionSpec]
    /// The positional arguments, in order.
    package let arguments: [ArgumentSpec]
    /// The subcommands. A command with subcommands and no arguments needs one.
    package let subcommands: [any CommandDeclaration.Type]

    package init(
        name: String, abstract: String, discussion: String? = nil, options: [any OptionDeclaration] = [],
        arguments: [any ArgumentDeclaration] = [], subcommands: [any CommandDeclaration.Type] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options.map(\.spec)
        self.arguments = arguments.map(\.spec)
        self.subcommands = subcommands
    }

    /// The subcommand named `name`, or `nil`.
    package func subcommand(named name: String) -> (any CommandDeclaration.Type)? {
        subcommands.first { $0.configuration.name == name }
    }
}
