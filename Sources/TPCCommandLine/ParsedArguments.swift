/// The result of parsing a command line: which command, and what was given
/// for its options and arguments, read through their declarations.
///
/// ```swift
/// let port = try parsed[ServeCommand.port]   // Int, the declared default when absent
/// if parsed[ServeCommand.sandbox] { … }
/// ```
package struct ParsedArguments: Sendable {
    /// The command names from the root, such as `["tpc", "tokens", "list"]`.
    package let commandPath: [String]
    /// The command reached: the last of ``commandPath``.
    package let command: any CommandDeclaration.Type
    let flagCounts: [String: Int]
    /// The values given on the command line, by option name (no defaults).
    let optionValues: [String: [String]]
    /// The positional values, by argument name (no defaults).
    let argumentValues: [String: [String]]
    /// The environment the command runs in: where options with a variable
    /// look when absent, and where a command reads a variable of its own.
    package let environment: [String: String]

    /// Whether `flag` was given.
    package subscript(flag: Flag) -> Bool { count(of: flag) > 0 }

    /// How many times `flag` was given (`-vv` counts 2).
    package func count(of flag: Flag) -> Int { flagCounts[flag.spec.name] ?? 0 }

    /// The value of `option`: given, from its environment variable, or its default.
    ///
    /// - Throws: ``CommandLineError`` with code ``CommandLineError/Code/invalidValue``
    ///   naming the option when a value does not convert or is not valid.
    package subscript<Value>(option: Option<Value>) -> Value {
        get throws(CommandLineError) { try option.value(in: self) }
    }

    /// The value of the positional `argument`, or its default.
    ///
    /// - Throws: ``CommandLineError`` with code ``CommandLineError/Code/invalidValue``
    ///   naming the argument when a value does not convert.
    package subscript<Value>(argument: Argument<Value>) -> Value {
        get throws(CommandLineError) { try argument.value(in: self) }
    }
}
