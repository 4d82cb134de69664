import IssuerTools
import TPCCommandLine

extension IssuerToolError: CommandLineErrorConvertible {
    /// The failure as `tpc issuer …` and `tpc tokens …` report it: an
    /// unreachable or untrusted service is unavailable (69), bad input is data
    /// (65), an unreadable file or a refused API key is configuration (78),
    /// anything else a failure (1).
    package func commandLineError(commandPath: [String]) -> CommandLineError {
        var hint = "see `\(commandPath.joined(separator: " ")) --help`"
        let kind: CommandLineError.Code
        switch code {
        case .serviceUnreachable: kind = .unavailable
        case .untrustedService:
            kind = .unavailable
            hint = "trust its CA or self-signed certificate with --cacert FILE, and use a --url host it names"
        case .invalidInput: kind = .invalidInput
        case .unreadableFile: kind = .configuration
        case .serviceRefused where httpStatus == 401 || httpStatus == 403: kind = .configuration
        default: kind = .commandFailed
        }
        return CommandLineError(kind, description, hint: hint)
    }
}
