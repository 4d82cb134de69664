/// A positional argument of a command, such as `<token-id>` in
/// `tpc tokens suspend <token-id>`, with its type, default and help written
/// once.
///
/// Declare it as a static member of the command; the same value lists it in
/// the command's ``CommandConfiguration`` and reads it:
///
/// ```swift
/// static let project = Argument<String>("project", help: "The project directory.", default: ".")
/// static let tokenId = Argument<String>.required("token-id", help: "The token id.")
/// …
/// let directory = try parsed[Self.project]
/// ```
///
/// Arguments are filled in declaration order; only the last may be repeating.
package struct Argument<Value: Sendable>: ArgumentDeclaration {
    package let spec: ArgumentSpec
    private let convert: @Sendable (_ given: [String], _ commandPath: [String]) throws(CommandLineError) -> Value

    private init(
        spec: ArgumentSpec,
        convert: @escaping @Sendable (_ given: [String], _ commandPath: [String]) throws(CommandLineError) -> Value
    ) {
        self.spec = spec
        self.convert = convert
    }

    /// The argument's value in `arguments`.
    ///
    /// - Throws: ``CommandLineError`` with code ``CommandLineError/Code/invalidValue``
    ///   naming the argument when a value does not convert.
    func value(in arguments: ParsedArguments) throws(CommandLineError) -> Value {
        try convert(arguments.argumentValues[spec.name] ?? [], arguments.commandPath)
    }
}

extension Argument where Value: ArgumentConvertible {
    /// An argument that must be given.
    package static func required(_ name: String, help: String) -> Argument {
        Argument(spec: ArgumentSpec(name: name, help: help, isRequired: true)) { given, path throws(CommandLineError) in
            // The parser refuses a command line without it; this is for a caller's own `ParsedArguments`.
            guard let raw = given.first else {
                throw CommandLineError(.missingRequired, "missing required argument <\(name)>", commandPath: path)
            }
            return try Value.converting(raw, label: "<\(name)>", requirement: nil, commandPath: path)
        }
    }

    /// An argument that reads as `defaultValue` when absent; help shows the default.
    package init(_ name: String, help: String, default defaultValue: Value) {
        self.init(
            spec: ArgumentSpec(name: name, help: help, isRequired: false, defaultValue: defaultValue.argumentText)
        ) { given, path throws(CommandLineError) in
            guard let raw = given.first else { return defaultValue }
            return try Value.converting(raw, label: "<\(name)>", requirement: nil, commandPath: path)
        }
    }
}

extension Argument {
    /// An argument that reads as `nil` when absent.
    package init<Wrapped: ArgumentConvertible>(_ name: String, help: String) where Value == Wrapped? {
        self.init(spec: ArgumentSpec(name: name, help: help, isRequired: false)) {
            given, path throws(CommandLineError) in
            guard let raw = given.first else { return nil }
            return try Wrapped.converting(raw, label: "<\(name)>", requirement: nil, commandPath: path)
        }
    }

    /// An argument taking every remaining positional argument; `required`
    /// means at least one.
    package static func repeating<Element: ArgumentConvertible>(
        _ name: String, help: String, required: Bool = false
    ) -> Argument where Value == [Element] {
        Argument(spec: ArgumentSpec(name: name, help: help, isRequired: required, isRepeating: true)) {
            given, path throws(CommandLineError) in
            var values: [Element] = []
            for raw in given {
                values.append(try Element.converting(raw, label: "<\(name)>", requirement: nil, commandPath: path))
            }
            return values
        }
    }
}
