import Foundation

/// Parses a command line against the declarations of a tool's commands, from
/// its root (``CommandDeclaration``).
///
/// Syntax:
///
/// * Subcommands come first, by name: `tpc issuer init`.
/// * `--name value`, `--name=value`, `-n value`, `-nvalue`; flags `--name`,
///   `-n`, and bundles of short flags `-vj`. A value may start with `-` only in
///   the `=` form or when it is a negative number, so a forgotten value is
///   reported instead of eating the next option.
/// * An option declared on a command is accepted after any of its subcommands.
/// * `--` ends options: everything after it is positional.
/// * `-h` / `--help` anywhere before `--` asks for the help of the command
///   reached so far.
///
/// ```swift
/// let parser = CommandLineParser(root: TPCCommand.self)
/// switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
/// case .help(_, let text): print(text)
/// case .command(let parsed): print(parsed.commandPath)
/// }
/// ```
package struct CommandLineParser: Sendable {
    /// What the command line asks for.
    package enum ParseOutcome: Sendable {
        /// Run the command with these values.
        case command(ParsedArguments)
        /// Print this help text (for the command at `commandPath`) and exit 0.
        case help(commandPath: [String], text: String)
    }

    /// The root command (the tool itself).
    package let root: any CommandDeclaration.Type
    /// What options with an environment variable read when they are absent.
    package let environment: [String: String]

    package init(
        root: any CommandDeclaration.Type, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.root = root
        self.environment = environment
    }

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``CommandLineError`` for an unknown option or command, a missing
    ///   or invalid value, a missing required option or argument, a repeated
    ///   option, or an extra argument.
    package func parse(_ arguments: [String]) throws(CommandLineError) -> ParseOutcome {
        var state = State(path: [root])
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded {
                if argument == "--" {
                    optionsEnded = true
                    continue
                }
                if argument == "--help" || argument == "-h" {
                    return .help(commandPath: state.names, text: HelpFormatter.helpText(for: state.configurations))
                }
                if argument.hasPrefix("--") {
                    try parseLongOption(argument, arguments: arguments, index: &index, state: &state)
                    continue
                }
                if argument.hasPrefix("-"), argument.count > 1, !Self.isNegativeNumber(argument) {
                    try parseShortOptions(argument, arguments: arguments, index: &index, state: &state)
                    continue
                }
                if state.positionals.isEmpty, let command = state.configurations.last, !command.subcommands.isEmpty {
                    if let subcommand = command.subcommand(named: argument) {
                        state.path.append(subcommand)
                        continue
                    }
                    if command.arguments.isEmpty {
                        throw CommandLineError(
                            .unknownCommand, "unknown command '\(Self.printable(argument))'",
                            commandPath: state.names,
                            suggestion: Self.suggestion(
                                for: argument, among: command.subcommands.map { $0.configuration.name }))
                    }
                }
            }
            state.positionals.append(argument)
        }
        return .command(try finish(state))
    }

    /// What has been read so far.
    private struct State {
        var path: [any CommandDeclaration.Type]
        var flagCounts: [String: Int] = [:]
        var optionValues: [String: [String]] = [:]
        var positionals: [String] = []

        var configurations: [CommandConfiguration] { path.map { $0.configuration } }
        var names: [String] { configurations.map(\.name) }

        /// Options visible from the current command: its own first, then inherited.
        var options: [OptionSpec] { configurations.reversed().flatMap(\.options) }

        func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
        func option(short: Character) -> OptionSpec? { options.first { $0.shortName == short } }
    }

    private func parseLongOption(
        _ argument: String, arguments: [String], index: inout Int, state: inout State
    ) throws(CommandLineError) {
        let body = argument.dropFirst(2)
        let name: String
        let inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
            inlineValue = nil
        }
        guard let option = state.option(named: name) else {
            throw CommandLineError(
                .unknownOption, "unknown option --\(Self.printable(name))", commandPath: state.names,
                suggestion: Self.suggestion(for: name, among: state.options.map(\.name), prefix: "--"))
        }
        try record(
            option, label: "--\(name)", inlineValue: inlineValue, arguments: arguments, index: &index, state: &state)
    }

    private func parseShortOptions(
        _ argument: String, arguments: [String], index: inout Int, state: inout State
    ) throws(CommandLineError) {
        var letters = Substring(argument.dropFirst())
        while let letter = letters.first {
            letters = letters.dropFirst()
            guard let option = state.option(short: letter) else {
                throw CommandLineError(
                    .unknownOption, "unknown option -\(Self.printable(String(letter)))", commandPath: state.names)
            }
            if option.takesValue {
                // The rest of the bundle, if any, is the value: -p8080.
                let inline = letters.isEmpty ? nil : String(letters.hasPrefix("=") ? letters.dropFirst() : letters)
                try record(
                    option, label: "-\(letter)", inlineValue: inline, arguments: arguments, index: &index,
                    state: &state)
                return
            }
            try record(
                option, label: "-\(letter)", inlineValue: nil, arguments: arguments, index: &index, state: &state)
        }
    }

    private func record(
        _ option: OptionSpec, label: String, inlineValue: String?, arguments: [String], index: inout Int,
        state: inout State
    ) throws(CommandLineError) {
        guard option.takesValue else {
            if inlineValue != nil {
                throw CommandLineError(.invalidValue, "\(label) is a flag and takes no value", commandPath: state.names)
            }
            state.flagCounts[option.name, default: 0] += 1
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < arguments.count, Self.canBeValue(arguments[index]) {
            value = arguments[index]
            index += 1
        } else {
            throw CommandLineError(.missingValue, "missing value for \(label)", commandPath: state.names)
        }
        if let allowed = option.allowedValues, !allowed.contains(value) {
            throw CommandLineError(
                .invalidValue, "invalid value for \(label): expected one of \(allowed.joined(separator: ", "))",
                commandPath: state.names)
        }
        if !option.isRepeatable, state.optionValues[option.name] != nil {
            throw CommandLineError(.duplicateOption, "\(label) may be given only once", commandPath: state.names)
        }
        state.optionValues[option.name, default: []].append(value)
    }

    private func finish(_ state: State) throws(CommandLineError) -> ParsedArguments {
        guard let type = state.path.last else {
            throw CommandLineError(.missingCommand, "missing command", commandPath: [root.configuration.name])
        }
        let command = type.configuration
        if !command.subcommands.isEmpty, command.arguments.isEmpty {
            throw CommandLineError(
                .missingCommand,
                "missing subcommand for '\(state.names.joined(separator: " "))' (one of "
                    + command.subcommands.map { $0.configuration.name }.joined(separator: ", ") + ")",
                commandPath: state.names)
        }
        // Defaults are the declarations' to apply, typed (``Option``, ``Argument``).
        for option in state.options where option.isRequired && state.optionValues[option.name] == nil {
            throw CommandLineError(
                .missingRequired, "missing required option --\(option.name)", commandPath: state.names)
        }
        var argumentValues: [String: [String]] = [:]
        var remaining = state.positionals[...]
        for argument in command.arguments {
            if argument.isRepeating {
                argumentValues[argument.name] = Array(remaining)
                remaining = []
            } else if let value = remaining.popFirst() {
                argumentValues[argument.name] = [value]
            }
            if argument.isRequired, argumentValues[argument.name]?.isEmpty ?? true {
                throw CommandLineError(
                    .missingRequired, "missing required argument <\(argument.name)>", commandPath: state.names)
            }
        }
        if !remaining.isEmpty {
            throw CommandLineError(
                .unexpectedArgument, "unexpected argument (\(remaining.count) more than expected)",
                commandPath: state.names)
        }
        return ParsedArguments(
            commandPath: state.names, command: type, flagCounts: state.flagCounts, optionValues: state.optionValues,
            argumentValues: argumentValues, environment: environment)
    }

    /// Whether `text` may be taken as an option's value when given separately.
    private static func canBeValue(_ text: String) -> Bool {
        !text.hasPrefix("-") || text == "-" || isNegativeNumber(text)
    }

    private static func isNegativeNumber(_ text: String) -> Bool {
        text.hasPrefix("-") && Double(text.dropFirst()) != nil
    }

    /// A name typed by the user, safe to put in a one-line message.
    static func printable(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return cleaned.count > 40 ? String(cleaned.prefix(40)) + "…" : cleaned
    }

    /// "did you mean X" for the closest candidate within two edits, if any.
    static func suggestion(for typed: String, among candidates: [String], prefix: String = "") -> String? {
        let scored = candidates.map { ($0, editDistance(typed, $0)) }.filter { $0.1 <= 2 }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return "did you mean \(prefix)\(best.0)?"
    }

    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
