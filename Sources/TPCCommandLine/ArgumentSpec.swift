/// One positional argument of a command, such as `<file>` in
/// `tpc issuer encrypt-payload <file>`.
///
/// Positional arguments are filled in declaration order; only the last may be
/// repeating (taking every remaining argument).
public struct ArgumentSpec: Hashable, Sendable {
    /// The name shown as `<name>` in help and used to read the value.
    public let name: String
    /// One line for help.
    public let help: String
    /// Whether the argument must be given (arguments with a default never need to be).
    public let isRequired: Bool
    /// Whether the argument takes every remaining positional argument.
    public let isRepeating: Bool
    /// The value used when the argument is absent.
    public let defaultValue: String?

    public init(
        name: String, help: String, isRequired: Bool = true, isRepeating: Bool = false, defaultValue: String? = nil
    ) {
        self.name = name
        self.help = help
        self.isRequired = isRequired && defaultValue == nil
        self.isRepeating = isRepeating
        self.defaultValue = defaultValue
    }

    /// A required argument.
    public static func required(_ name: String, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help)
    }

    /// An optional argument, with a default or none.
    public static func optional(_ name: String, help: String, defaultValue: String? = nil) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, isRequired: false, defaultValue: defaultValue)
    }

    /// An argument taking all remaining positional arguments; `required` means at
    /// least one.
    public static func repeating(_ name: String, help: String, required: Bool = false) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, isRequired: required, isRepeating: true)
    }

    var synopsis: String {
        let base = "<\(name)>" + (isRepeating ? " ..." : "")
        return isRequired ? base : "[\(base)]"
    }
}
