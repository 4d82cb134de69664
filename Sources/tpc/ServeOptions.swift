import Foundation
import TPCCommandLine

/// The checked options of `tpc serve`.
struct ServeOptions: Sendable {
    var sandbox: Bool
    var sandboxDirectory: URL
    var host: String
    var port: Int
    var databaseURL: String
    var configuration: URL?
    var tlsCertificate: URL?
    var tlsKey: URL?
    /// Where to write that the service is ready (`--ready-file`).
    var readyFile: URL?
    /// The database URL's sources, the pool, pooler mode and retention.
    var scaleOut: ServeDatabaseOptions
    /// The connection table and the operations listener.
    var listeners: ServeListenerOptions

    static let defaultSandboxDirectory = ".tpc-sandbox"

    init(_ parsed: ParsedArguments) throws(CommandLineError) {
        let path = parsed.commandPath
        sandbox = parsed.flag("sandbox")
        let directory = parsed.value("sandbox-dir") ?? Self.defaultSandboxDirectory
        sandboxDirectory = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        if parsed.value("sandbox-dir") != nil, !sandbox {
            throw CommandLineError(.invalidValue, "--sandbox-dir needs --sandbox", commandPath: path)
        }
        host = parsed.value("host") ?? "127.0.0.1"
        guard let port = Int(parsed.value("port") ?? "8080"), (0...65535).contains(port) else {
            throw CommandLineError(.invalidValue, "--port must be a number from 0 to 65535", commandPath: path)
        }
        self.port = port
        scaleOut = try ServeDatabaseOptions(parsed)
        listeners = try ServeListenerOptions(parsed)
        databaseURL =
            parsed.value("database") ?? scaleOut.databaseURL
            ?? "sqlite:" + (sandbox ? sandboxDirectory.appendingPathComponent("tpc.sqlite").path : "tpc.sqlite")
        configuration = parsed.value("config").map { URL(fileURLWithPath: $0) }
        if !sandbox, configuration == nil {
            throw CommandLineError(
                .missingRequired, "--config is required without --sandbox", commandPath: path,
                suggestion: "--sandbox")
        }
        tlsCertificate = parsed.value("tls-cert").map { URL(fileURLWithPath: $0) }
        tlsKey = parsed.value("tls-key").map { URL(fileURLWithPath: $0) }
        readyFile = parsed.value("ready-file").map { URL(fileURLWithPath: $0) }
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw CommandLineError(.missingRequired, "--tls-cert and --tls-key go together", commandPath: path)
        }
    }
}
