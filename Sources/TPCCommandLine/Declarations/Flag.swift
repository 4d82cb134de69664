/// A flag of a command, such as `--sandbox` or `-v`: present or not.
///
/// Declared once, as a static member of the command; the same value lists it
/// in the command's ``CommandConfiguration`` and reads it:
///
/// ```swift
/// static let sandbox = Flag("sandbox", help: "Also run the sandbox.")
/// …
/// let runsSandbox = parsed[Self.sandbox]
/// ```
///
/// A flag may be repeated (`-vv`); ``ParsedArguments/count(of:)`` counts it.
package struct Flag: OptionDeclaration {
    package let spec: OptionSpec

    /// The flag `--name` (and `-short`), with one line of help.
    package init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name: name, shortName: short, kind: .flag, help: help)
    }
}
