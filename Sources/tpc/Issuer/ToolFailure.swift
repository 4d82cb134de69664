import Foundation
import IssuerTools
import TPCCommandLine

/// A failure of an issuer or back-office command: one line on standard
/// error with a hint, and a stable exit code.
struct ToolFailure: Error {
    let exitCode: ExitCode
    let message: String
    let hint: String

    init(_ exitCode: ExitCode, _ message: String, hint: String) {
        self.exitCode = exitCode
        self.message = message
        self.hint = hint
    }

    /// The failure for a ``IssuerToolError`` of the client tools.
    init(_ error: IssuerToolError, hint: String) {
        var hint = hint
        switch error.code {
        case .serviceUnreachable: exitCode = .unavailable
        case .untrustedService:
            exitCode = .unavailable
            hint = "trust its CA or self-signed certificate with --cacert FILE, and use a --url host it names"
        case .invalidInput: exitCode = .data
        case .unreadableFile: exitCode = .config
        case .serviceRefused where error.httpStatus == 401 || error.httpStatus == 403: exitCode = .config
        default: exitCode = .failure
        }
        message = error.description
        self.hint = hint
    }

    /// Prints the failure and returns its exit code.
    func report() -> ExitCode {
        StandardStreams.error("tpc: error: \(message) (hint: \(hint))")
        return exitCode
    }

    /// Runs `body`, turning every failure into its one-line report.
    static func run(hint: String, _ body: () async throws -> Void) async -> ExitCode {
        do {
            try await body()
            return .success
        } catch let failure as ToolFailure {
            return failure.report()
        } catch let error as IssuerToolError {
            return ToolFailure(error, hint: hint).report()
        } catch let error as CommandLineError {
            StandardStreams.error("tpc: error: \(error.message) (hint: \(error.hint))")
            return error.exitCode
        } catch {
            return ToolFailure(.failure, "\(error)", hint: hint).report()
        }
    }
}

/// Prints a value as one JSON document on standard output, for `--json`.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        StandardStreams.output(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
