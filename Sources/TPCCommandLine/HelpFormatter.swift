/// Builds a command's help text from its declaration (``CommandConfiguration``).
///
/// The layout, for `tpc serve --help`:
///
/// ```text
/// OVERVIEW: Run the provisioning service.
///
/// USAGE: tpc serve [--sandbox] [--port <port>]
///
/// OPTIONS:
///   --sandbox               Run with the sandbox network.
///   -p, --port <port>       Port to listen on. (default: 8080)
///   -h, --help              Show help information.
/// ```
package enum HelpFormatter {
    /// The column at which descriptions start.
    static let descriptionColumn = 26

    /// The help text of the command at the end of `path` (the root first),
    /// including the options it inherits from the commands above it.
    package static func helpText(for path: [CommandConfiguration]) -> String {
        guard let command = path.last else { return "" }
        let names = path.map(\.name).joined(separator: " ")
        let options = path.reversed().flatMap(\.options)
        var text = "OVERVIEW: \(command.abstract)\n"
        if let discussion = command.discussion { text += "\n\(discussion)\n" }

        text += "\nUSAGE: \(usage(for: path))\n"

        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in command.arguments {
                text += row(
                    "<\(argument.name)>" + (argument.isRepeating ? " ..." : ""), argument.help,
                    defaultValue: argument.defaultValue)
            }
        }
        text += "\nOPTIONS:\n"
        for option in options {
            var help = option.help
            if let allowed = option.allowedValues { help += " (values: \(allowed.joined(separator: ", ")))" }
            if option.isRequired && option.defaultValue == nil { help += " (required)" }
            if option.isRepeatable { help += " (repeatable)" }
            text += row(option.synopsis, help, defaultValue: option.defaultValue)
        }
        text += row("-h, --help", "Show help information.", defaultValue: nil)

        if !command.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for subcommand in command.subcommands {
                text += row(subcommand.configuration.name, subcommand.configuration.abstract, defaultValue: nil)
            }
            text += "\n  See '\(names) <subcommand> --help' for detailed help.\n"
        }
        return text
    }

    /// The one-line usage of the command at the end of `path`, such as
    /// `tpc serve [--sandbox] [--port <port>]`.
    package static func usage(for path: [CommandConfiguration]) -> String {
        guard let command = path.last else { return "" }
        var parts = [path.map(\.name).joined(separator: " ")]
        for option in command.options {
            var synopsis = "--\(option.name)"
            if case .value(let valueName) = option.kind { synopsis += " <\(valueName)>" }
            if option.isRepeatable { synopsis += " ..." }
            parts.append(option.isRequired && option.defaultValue == nil ? synopsis : "[\(synopsis)]")
        }
        parts += command.arguments.map(\.synopsis)
        if !command.subcommands.isEmpty { parts.append("<subcommand>") }
        return parts.joined(separator: " ")
    }

    private static func row(_ label: String, _ help: String, defaultValue: String?) -> String {
        let indented = "  \(label)"
        let padding =
            indented.count < descriptionColumn
            ? String(repeating: " ", count: descriptionColumn - indented.count)
            : "\n" + String(repeating: " ", count: descriptionColumn)
        let suffix = defaultValue.map { " (default: \($0))" } ?? ""
        return indented + padding + help + suffix + "\n"
    }
}
