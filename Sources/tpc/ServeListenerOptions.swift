import ProvisioningHTTP
import TPCCommandLine

/// The connection table of `tpc serve` and its operations listener.
///
/// | Option | Default |
/// |---|---|
/// | `--max-connections` | 1024 |
/// | `--max-connections-per-address` | 256 (0: no per-address limit) |
/// | `--operations-port` | none: health, readiness and metrics on the service port only |
/// | `--operations-host` | 127.0.0.1 |
///
/// The operations listener serves `/healthz`, `/readyz`, `/metrics` and
/// `/openapi.json` (at the root and under the base path) from a table of its
/// own, so that probes and scrapers are answered while clients fill the
/// service port's table: when that table is full, the server stops
/// accepting on the service port, health included.
struct ServeListenerOptions: Sendable {
    /// The service port's limits.
    var limits: HTTPServer.Limits
    /// Where the operations listener listens, if it is asked for.
    var operations: (host: String, port: Int)?

    /// The operations listener's limits: a small table of its own, short
    /// deadlines (probes are quick), a per-address share.
    static let operationsLimits = HTTPServer.Limits(
        maxHeaderBytes: 8 * 1024, maxBodyBytes: 1024, maxConnections: 64, maxConnectionsPerIP: 16, idleTimeout: 5,
        handlerDeadline: .seconds(10), requestReadTimeout: .seconds(5))

    /// Where the operations listener listens when `--operations-host` is absent.
    static let defaultOperationsHost = "127.0.0.1"

    static let maxConnections = Option<Int>(
        "max-connections", valueName: "n",
        help: "Connections the service port holds at most (\(HTTPServer.Limits().maxConnections)).",
        default: HTTPServer.Limits().maxConnections, requirement: .range(1...1_000_000))
    static let maxConnectionsPerAddress = Option<Int>(
        "max-connections-per-address", valueName: "n",
        help: "Connections one client address holds at most (\(defaultPerAddress); 0 no limit).",
        default: defaultPerAddress, requirement: .range(0...1_000_000))
    static let operationsPort = Option<Int?>(
        "operations-port", valueName: "port",
        help: "Also serve /healthz, /readyz, /metrics on this port, from a table of its own (0 picks one).",
        requirement: .range(0...65535))
    static let operationsHost = Option<String?>(
        "operations-host", valueName: "address",
        help: "Numeric address of the operations listener (\(defaultOperationsHost)).")

    /// The listener options, in help's order.
    static let options: [any OptionDeclaration] = [
        maxConnections, maxConnectionsPerAddress, operationsPort, operationsHost,
    ]

    /// The per-address limit of the service port's table, 0 for none.
    private static var defaultPerAddress: Int { HTTPServer.Limits().maxConnectionsPerIP ?? 0 }

    /// Reads and checks the options.
    ///
    /// - Throws: ``CommandLineError``: a usage error naming the option.
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        var limits = HTTPServer.Limits()
        limits.maxConnections = try arguments[Self.maxConnections]
        let perAddress = try arguments[Self.maxConnectionsPerAddress]
        limits.maxConnectionsPerIP = perAddress == 0 ? nil : perAddress
        self.limits = limits
        let host = try arguments[Self.operationsHost]
        if let port = try arguments[Self.operationsPort] {
            operations = (host ?? Self.defaultOperationsHost, port)
        } else if host != nil {
            throw CommandLineError(
                .invalidValue, "--operations-host needs --operations-port", commandPath: arguments.commandPath)
        } else {
            operations = nil
        }
    }
}
