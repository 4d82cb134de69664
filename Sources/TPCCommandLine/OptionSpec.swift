/// One option of a command: a flag (`--sandbox`) or an option with a value
/// (`--port 8080`, `--port=8080`, `-p 8080`).
///
/// Build it with ``flag(_:short:help:)`` or
/// ``option(_:short:valueName:help:required:defaultValue:repeatable:allowedValues:)``:
///
/// ```swift
/// let port = OptionSpec.option("port", short: "p", valueName: "port", help: "Port to listen on.", defaultValue: "8080")
/// ```
///
/// Options declared on a command are accepted by all its subcommands too, so
/// `--verbose` on the root command works everywhere.
package struct OptionSpec: Hashable, Sendable {
    /// Whether the option takes a value.
    package enum Kind: Hashable, Sendable {
        /// No value; present or not.
        case flag
        /// Takes a value, shown as `<valueName>` in help.
        case value(valueName: String)
    }

    /// The long name, without `--`.
    package let name: String
    /// The one-letter name, without `-`.
    package let shortName: Character?
    /// Flag or value.
    package let kind: Kind
    /// One line for help.
    package let help: String
    /// Whether the option must be given (options with a default never need to be).
    package let isRequired: Bool
    /// The value used when the option is absent.
    package let defaultValue: String?
    /// Whether the option may be given more than once (its values accumulate).
    package let isRepeatable: Bool
    /// The only values accepted, when the option takes one of a fixed set.
    package let allowedValues: [String]?

    package init(
        name: String, shortName: Character? = nil, kind: Kind, help: String, isRequired: Bool = false,
        defaultValue: String? = nil, isRepeatable: Bool = false, allowedValues: [String]? = nil
    ) {
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.help = help
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.isRepeatable = isRepeatable
        self.allowedValues = allowedValues
    }

    /// A flag such as `--sandbox` (flags may be repeated; see
    /// ``ParsedArguments/flagCount(_:)``).
    package static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: short, kind: .flag, help: help)
    }

    /// An option taking a value such as `--port 8080`.
    package static func option(
        _ name: String, short: Character? = nil, valueName: String = "value", help: String, required: Bool = false,
        defaultValue: String? = nil, repeatable: Bool = false, allowedValues: [String]? = nil
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: short, kind: .value(valueName: valueName), help: help, isRequired: required,
            defaultValue: defaultValue, isRepeatable: repeatable, allowedValues: allowedValues)
    }

    /// Whether the option takes a value.
    package var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// `-p, --port <port>` as in help.
    var synopsis: String {
        var text = shortName.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if case .value(let valueName) = kind { text += " <\(valueName)>" }
        return text
    }
}
