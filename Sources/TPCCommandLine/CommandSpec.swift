/// A command of the command line: its name, help, options, positional
/// arguments and subcommands. A tree of these describes the whole tool.
///
/// ```swift
/// let tpc = CommandSpec(
///     name: "tpc", abstract: "Apple Pay push provisioning toolkit.",
///     options: [.flag("verbose", short: "v", help: "Show more.")],
///     subcommands: [
///         CommandSpec(
///             name: "serve", abstract: "Run the provisioning service.",
///             options: [
///                 .flag("sandbox", help: "Run with the sandbox network."),
///                 .option("port", short: "p", valueName: "port", help: "Port to listen on.", defaultValue: "8080"),
///             ])
///     ])
/// ```
package struct CommandSpec: Hashable, Sendable {
    /// The name typed on the command line.
    package let name: String
    /// One line saying what the command does.
    package let abstract: String
    /// More text for the command's help, printed after the overview.
    package let discussion: String?
    /// The options (also accepted by every subcommand).
    package let options: [OptionSpec]
    /// The positional arguments, in order.
    package let arguments: [ArgumentSpec]
    /// The subcommands. A command with subcommands and no arguments needs one.
    package let subcommands: [CommandSpec]

    package init(
        name: String, abstract: String, discussion: String? = nil, options: [OptionSpec] = [],
        arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
    }

    /// The subcommand named `name`, or `nil`.
    package func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}
