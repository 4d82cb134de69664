import TPCCommandLine
import TPCDemo

extension DemoError: CommandLineErrorConvertible {
    /// The failure as `tpc sandbox device …` reports it: an unreachable
    /// sandbox is unavailable (69), a bad name data (65), an unreadable
    /// directory configuration (78), anything else a failure (1).
    package func commandLineError(commandPath: [String]) -> CommandLineError {
        switch code {
        case .serviceUnreachable:
            CommandLineError(
                .unavailable, description, hint: "start `tpc serve --sandbox` and pass the URL it printed as --url")
        case .invalidInput:
            CommandLineError(.invalidInput, description, hint: "`tpc sandbox device list` shows the devices")
        case .unreadableFile:
            CommandLineError(.configuration, description, hint: "check the sandbox directory and its permissions")
        default:
            CommandLineError(.commandFailed, description, hint: "check the sandbox directory and its permissions")
        }
    }
}
