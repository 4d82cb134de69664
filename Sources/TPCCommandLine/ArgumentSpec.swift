/// One positional argument of a command, such as `<file>` in
/// `tpc issuer encrypt-payload <file>`.
///
/// Positional arguments are filled in declaration order; only the last may be
/// repeating (taking every remaining argument).
package struct ArgumentSpec: Hashable, Sendable {
    /// The name shown as `<name>` in help and used to read the value.
    package let name: String
    /// One line for help.
    package let help: String
    /// Whether the argument must be given (arguments with a default never need to be).
    package let isRequired: Bool
    /// Whether the argument takes every remaining positional argument.
    package let isRepeating: Bool
    /// The value used when the argument is absent.
    package let defaultValue: String?

    package init(
        name: String, help: String, isRequired: Bool = true, isRepeating: Bool = false, defaultValue: String? = nil
    ) {
        self.name = name
        self.help = help
        self.isRequired = isRequired && defaultValue == nil
        self.isRepeating = isRepeating
        self.defaultValue = defaultValue
    }

    /// A required argument.
    package static func required(_ name: String, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help)
    }

    /// An optional argument, with a default or none.
    package static func optional(_ name: String, help: String, defaultValue: String? = nil) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, isRequired: false, defaultValue: defaultValue)
    }

    /// An argument taking all remaining positional arguments; `required` means at
    /// least one.
    package static func repeating(_ name: String, help: String, required: Bool = false) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, isRequired: required, isRepeating: true)
    }

    var synopsis: String {
        let base = "<\(name)>" + (isRepeating ? " ..." : "")
        return isRequired ? base : "[\(base)]"
    }
}
