import Foundation

/// Runs a command line against a tool's declared commands: parses it, prints
/// help or the usage error, creates the command reached and runs it, printing
/// its failure. Dispatch is the declarations' own: the command reached is the
/// type that runs.
///
/// ```swift
/// // main.swift
/// let status = await CommandLineTool(root: TPCCommand.self).run(Array(CommandLine.arguments.dropFirst()))
/// exit(status.rawValue)
/// ```
package struct CommandLineTool: Sendable {
    /// The parser of the tool's command lines, from its root command.
    package let parser: CommandLineParser

    /// The tool whose root command is `root`; `environment` is what options
    /// with an environment variable read when they are absent.
    package init(root: any CommandDeclaration.Type, environment: [String: String] = ProcessInfo.processInfo.environment)
    {
        parser = CommandLineParser(root: root, environment: environment)
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    ///
    /// Help goes to standard output (status 0); a usage error (status 64) and a
    /// command's failure (its code's status) to standard error, after the
    /// program name.
    ///
    /// - Parameter handOver: runs a declared command that is not a ``Command``
    ///   in this executable (`tpc demo`, which `tpc` hands to `tpc-demo`) with
    ///   the same arguments, once they parsed.
    package func run(_ arguments: [String], handOver: (([String]) -> ExitCode)? = nil) async -> ExitCode {
        let parsed: ParsedArguments
        do {
            switch try parser.parse(arguments) {
            case .help(_, let text):
                StandardStreams.output(text)
                return .success
            case .command(let command):
                parsed = command
            }
        } catch {
            return report(error)
        }
        guard let type = parsed.command as? any Command.Type else {
            if let handOver { return handOver(arguments) }
            return report(
                CommandLineError(
                    .notRunnable, "`\(parsed.commandPath.joined(separator: " "))` cannot run in this executable"))
        }
        let command: any Command
        do {
            command = try type.init(parsed)
        } catch {
            return report(error)
        }
        do {
            return try await command.run()
        } catch let error as CommandLineError {
            return report(error)
        } catch let error as any CommandLineErrorConvertible {
            return report(error.commandLineError(commandPath: parsed.commandPath))
        } catch {
            return report(
                CommandLineError(
                    .commandFailed, "\(error)", hint: "see `\(parsed.commandPath.joined(separator: " ")) --help`"))
        }
    }

    /// Prints `error` after the program name; its exit status.
    private func report(_ error: CommandLineError) -> ExitCode {
        StandardStreams.error("\(parser.root.configuration.name): \(error.report)")
        return error.exitCode
    }
}
