import TPCCommandLine

/// A command of the bank's tools (`tpc issuer …`, `tpc tokens …`): it reads
/// its options while it runs, in the order it checks them, and prints every
/// failure — a value that does not convert included — on one line with a
/// hint, which scripts read.
protocol IssuerToolCommand: Command {
    /// The command line, read while running.
    var arguments: ParsedArguments { get }

    init(arguments: ParsedArguments)

    /// Does the work; a failure is printed on one line.
    func perform() async throws
}

extension IssuerToolCommand {
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        self.init(arguments: arguments)
    }

    func run() async throws -> ExitCode {
        do {
            try await perform()
        } catch let error as CommandLineError {
            throw error.asFailure
        }
        return .success
    }
}
