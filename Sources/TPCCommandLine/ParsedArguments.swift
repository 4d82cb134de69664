/// The result of parsing a command line for a command: which command, and the
/// values of its options and arguments, with typed getters.
///
/// Options are read by long name (`"port"`), positional arguments by their
/// declared name (`"file"`). Absent options and arguments read as their
/// default, if any.
///
/// ```swift
/// let port = try parsed.value("port", as: UInt16.self) ?? 8080
/// if parsed.flag("sandbox") { … }
/// ```
package struct ParsedArguments: Hashable, Sendable {
    /// The command names from the root, such as `["tpc", "tokens", "list"]`.
    package let commandPath: [String]
    let flagCounts: [String: Int]
    let optionValues: [String: [String]]
    let argumentValues: [String: [String]]

    init(
        commandPath: [String], flagCounts: [String: Int], optionValues: [String: [String]],
        argumentValues: [String: [String]]
    ) {
        self.commandPath = commandPath
        self.flagCounts = flagCounts
        self.optionValues = optionValues
        self.argumentValues = argumentValues
    }

    /// The subcommand path below the root, such as `["tokens", "list"]`.
    package var subcommandPath: [String] { Array(commandPath.dropFirst()) }

    /// Whether the flag `name` was given.
    package func flag(_ name: String) -> Bool { flagCount(name) > 0 }

    /// How many times the flag `name` was given (`-vv` counts 2).
    package func flagCount(_ name: String) -> Int { flagCounts[name] ?? 0 }

    /// The value of option `name` (the last one for a repeatable option), its
    /// default when absent, or `nil`.
    package func value(_ name: String) -> String? { optionValues[name]?.last }

    /// Every value of option `name`, in command-line order (the default alone
    /// when absent and it has one).
    package func values(_ name: String) -> [String] { optionValues[name] ?? [] }

    /// The value of option `name` converted to `T`, or `nil` when absent
    /// without a default.
    ///
    /// - Throws: ``CommandLineError`` with code
    ///   ``CommandLineError/Code/invalidValue`` naming the option.
    package func value<T: ArgumentConvertible>(_ name: String, as type: T.Type) throws(CommandLineError) -> T? {
        guard let raw = value(name) else { return nil }
        return try convert(raw, to: type, label: "--\(name)")
    }

    /// Every value of option `name` converted to `T`.
    ///
    /// - Throws: ``CommandLineError`` for the first value that does not convert.
    package func values<T: ArgumentConvertible>(_ name: String, as type: T.Type) throws(CommandLineError) -> [T] {
        var converted: [T] = []
        for raw in values(name) { converted.append(try convert(raw, to: type, label: "--\(name)")) }
        return converted
    }

    /// The positional argument `name` (the first value of a repeating one), its
    /// default when absent, or `nil`.
    package func argument(_ name: String) -> String? { argumentValues[name]?.first }

    /// Every value of the repeating positional argument `name`.
    package func arguments(_ name: String) -> [String] { argumentValues[name] ?? [] }

    /// The positional argument `name` converted to `T`, or `nil` when absent.
    ///
    /// - Throws: ``CommandLineError`` with code
    ///   ``CommandLineError/Code/invalidValue`` naming the argument.
    package func argument<T: ArgumentConvertible>(_ name: String, as type: T.Type) throws(CommandLineError) -> T? {
        guard let raw = argument(name) else { return nil }
        return try convert(raw, to: type, label: "<\(name)>")
    }

    private func convert<T: ArgumentConvertible>(
        _ raw: String, to type: T.Type, label: String
    ) throws(CommandLineError)
        -> T
    {
        guard let value = T(argument: raw) else {
            throw CommandLineError(
                .invalidValue, "invalid value for \(label): expected \(T.expectedDescription)",
                commandPath: commandPath)
        }
        return value
    }
}
