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
/// service port's table: when that table is full, libmicrohttpd stops
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

    static let specs: [OptionSpec] = [
        .option(
            "max-connections", valueName: "n", help: "Connections the service port holds at most (1024).",
            defaultValue: "1024"),
        .option(
            "max-connections-per-address", valueName: "n",
            help: "Connections one client address holds at most (256; 0 no limit).", defaultValue: "256"),
        .option(
            "operations-port", valueName: "port",
            help: "Also serve /healthz, /readyz, /metrics on this port, from a table of its own (0 picks one)."),
        .option(
            "operations-host", valueName: "address",
            help: "Numeric address of the operations listener (127.0.0.1)."),
    ]

    init(_ parsed: ParsedArguments) throws(CommandLineError) {
        let path = parsed.commandPath
        func number(_ option: String, _ fallback: Int, _ range: ClosedRange<Int>) throws(CommandLineError) -> Int {
            guard let text = parsed.value(option) else { return fallback }
            guard let value = Int(text), range.contains(value) else {
                throw CommandLineError(
                    .invalidValue, "--\(option) must be a number from \(range.lowerBound) to \(range.upperBound)",
                    commandPath: path)
            }
            return value
        }
        var limits = HTTPServer.Limits()
        limits.maxConnections = try number("max-connections", limits.maxConnections, 1...1_000_000)
        let perAddress = try number("max-connections-per-address", limits.maxConnectionsPerIP ?? 0, 0...1_000_000)
        limits.maxConnectionsPerIP = perAddress == 0 ? nil : perAddress
        self.limits = limits
        let host = parsed.value("operations-host") ?? "127.0.0.1"
        if parsed.value("operations-port") == nil {
            if parsed.value("operations-host") != nil {
                throw CommandLineError(.invalidValue, "--operations-host needs --operations-port", commandPath: path)
            }
            operations = nil
        } else {
            operations = (host, try number("operations-port", 0, 0...65535))
        }
    }
}
