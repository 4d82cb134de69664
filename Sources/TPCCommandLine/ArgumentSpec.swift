/// What the parser and the help read of one positional argument, such as
/// `<file>`, whatever its value's type: built by ``Argument``, never by hand.
///
/// Positional arguments are filled in declaration order; only the last may be
/// repeating (taking every remaining argument).
package struct ArgumentSpec: Hashable, Sendable {
    /// The name shown as `<name>` in help.
    package let name: String
    /// One line for help.
    package let help: String
    /// Whether the argument must be given (arguments with a default never need to be).
    package let isRequired: Bool
    /// Whether the argument takes every remaining positional argument.
    package let isRepeating: Bool
    /// The default as help shows it, `(default: …)`.
    package let defaultValue: String?

    init(name: String, help: String, isRequired: Bool, isRepeating: Bool = false, defaultValue: String? = nil) {
        self.name = name
        self.help = help
        self.isRequired = isRequired && defaultValue == nil
        self.isRepeating = isRepeating
        self.defaultValue = defaultValue
    }

    var synopsis: String {
        let base = "<\(name)>" + (isRepeating ? " ..." : "")
        return isRequired ? base : "[\(base)]"
    }
}
