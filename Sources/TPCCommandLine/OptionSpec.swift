/// What the parser and the help read of one option, whatever its value's
/// type: built by ``Flag`` and ``Option``, never by hand.
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
    /// Whether the option must be given.
    package let isRequired: Bool
    /// The default as help shows it, `(default: …)`.
    package let defaultValue: String?
    /// Whether the option may be given more than once (its values accumulate).
    package let isRepeatable: Bool
    /// The only values accepted, when the option takes one of a fixed set.
    package let allowedValues: [String]?

    init(
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
