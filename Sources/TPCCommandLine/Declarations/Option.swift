/// An option of a command that takes a value (`--port 8080`, `--port=8080`,
/// `-p 8080`), with the type it converts to, its default and its help, written
/// once.
///
/// Declare it as a static member of the command; the same value lists it in
/// the command's ``CommandConfiguration`` (and so in its help, with its
/// default) and reads it, converted, with the default applied:
///
/// ```swift
/// static let port = Option<Int>(
///     "port", short: "p", valueName: "port", help: "Port; 0 picks a free one.", default: 8080,
///     requirement: .range(0...65535))
/// static let database = Option<String?>("database", valueName: "url", help: "sqlite:PATH or postgres://…")
/// static let scope = Option<[String]>.repeating("scope", valueName: "scope", help: "A scope to grant.")
/// …
/// let port = try parsed[Self.port]  // 8080 when absent
/// ```
///
/// The value is `Value` itself for an option with a default or a required
/// one, `Value?` for an optional one and `[Element]` for a repeating one.
/// Options declared on a command are accepted after any of its subcommands.
package struct Option<Value: Sendable>: OptionDeclaration {
    package let spec: OptionSpec
    /// The environment variable read when the option is not on the command line.
    package let environmentVariable: String?
    private let convert: @Sendable (_ given: [String], _ commandPath: [String]) throws(CommandLineError) -> Value

    private init(
        spec: OptionSpec, environmentVariable: String? = nil,
        convert: @escaping @Sendable (_ given: [String], _ commandPath: [String]) throws(CommandLineError) -> Value
    ) {
        self.spec = spec
        self.environmentVariable = environmentVariable
        self.convert = convert
    }

    /// The option's value in `arguments`: from the command line, else from
    /// its environment variable (when set and not empty), else its default.
    ///
    /// - Throws: ``CommandLineError`` with code ``CommandLineError/Code/invalidValue``
    ///   naming the option (never the value) when a value does not convert or
    ///   does not satisfy the option's requirement.
    func value(in arguments: ParsedArguments) throws(CommandLineError) -> Value {
        var given = arguments.optionValues[spec.name] ?? []
        if given.isEmpty, let variable = environmentVariable, let value = arguments.environment[variable],
            !value.isEmpty
        {
            given = [value]
        }
        return try convert(given, arguments.commandPath)
    }
}

extension Option where Value: ArgumentConvertible {
    /// An option that reads as `defaultValue` when absent; help shows the
    /// default.
    ///
    /// - Parameters:
    ///   - requirement: what a valid value is beyond converting, and how an
    ///     error says it.
    ///   - environment: a variable read when the option is absent. Help then
    ///     reads `help (VARIABLE; default; note).` instead of `(default: …)`.
    ///   - note: more words for the parentheses of an option with a variable,
    ///     such as `0 never`.
    package init(
        _ name: String, short: Character? = nil, valueName: String = "value", help: String,
        default defaultValue: Value, requirement: ValueRequirement<Value>? = nil, environment: String? = nil,
        note: String? = nil
    ) {
        var helpText = help
        if let environment {
            let details = [environment, defaultValue.argumentText] + [note].compactMap { $0 }
            helpText += " (\(details.joined(separator: "; ")))."
        }
        self.init(
            spec: OptionSpec(
                name: name, shortName: short, kind: .value(valueName: valueName), help: helpText,
                defaultValue: environment == nil ? defaultValue.argumentText : nil,
                allowedValues: Value.allowedValues),
            environmentVariable: environment
        ) { given, path throws(CommandLineError) in
            guard let raw = given.last else { return defaultValue }
            return try Value.converting(raw, label: "--\(name)", requirement: requirement, commandPath: path)
        }
    }

    /// An option that must be given; help marks it `(required)`.
    package static func required(
        _ name: String, short: Character? = nil, valueName: String = "value", help: String,
        requirement: ValueRequirement<Value>? = nil
    ) -> Option {
        Option(
            spec: OptionSpec(
                name: name, shortName: short, kind: .value(valueName: valueName), help: help, isRequired: true,
                allowedValues: Value.allowedValues)
        ) { given, path throws(CommandLineError) in
            // The parser refuses a command line without it; this is for a caller's own `ParsedArguments`.
            guard let raw = given.last else {
                throw CommandLineError(.missingRequired, "missing required option --\(name)", commandPath: path)
            }
            return try Value.converting(raw, label: "--\(name)", requirement: requirement, commandPath: path)
        }
    }
}

extension Option {
    /// An option that reads as `nil` when absent.
    package init<Wrapped: ArgumentConvertible>(
        _ name: String, short: Character? = nil, valueName: String = "value", help: String,
        requirement: ValueRequirement<Wrapped>? = nil
    ) where Value == Wrapped? {
        self.init(
            spec: OptionSpec(
                name: name, shortName: short, kind: .value(valueName: valueName), help: help,
                allowedValues: Wrapped.allowedValues)
        ) { given, path throws(CommandLineError) in
            guard let raw = given.last else { return nil }
            return try Wrapped.converting(raw, label: "--\(name)", requirement: requirement, commandPath: path)
        }
    }

    /// An option that may be given more than once: every value, in
    /// command-line order (none when absent); help marks it `(repeatable)`.
    package static func repeating<Element: ArgumentConvertible>(
        _ name: String, short: Character? = nil, valueName: String = "value", help: String
    ) -> Option where Value == [Element] {
        Option(
            spec: OptionSpec(
                name: name, shortName: short, kind: .value(valueName: valueName), help: help, isRepeatable: true,
                allowedValues: Element.allowedValues)
        ) { given, path throws(CommandLineError) in
            var values: [Element] = []
            for raw in given {
                values.append(try Element.converting(raw, label: "--\(name)", requirement: nil, commandPath: path))
            }
            return values
        }
    }
}
