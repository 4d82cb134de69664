import Foundation
import ProvisioningService
import ProvisioningStorage
import TPCCommandLine

/// The options of `tpc serve` for running several instances on one database:
/// where the database URL comes from (so no password sits on the command
/// line), the PostgreSQL pool, pooler mode and the retention job.
///
/// Each option also reads an environment variable, used when the option is
/// absent; the option wins when both are set.
///
/// | option | environment | default |
/// | --- | --- | --- |
/// | `--database-file` | `TPC_DATABASE_URL_FILE` (or the URL itself in `TPC_DATABASE_URL`) | — |
/// | `--db-pool-size` | `TPC_DB_POOL_SIZE` | 10 |
/// | `--db-pool-min-idle` | `TPC_DB_POOL_MIN_IDLE` | 1 |
/// | `--db-pool-idle-timeout` | `TPC_DB_POOL_IDLE_TIMEOUT` | 60 s (0: never) |
/// | `--db-pool-acquire-timeout` | `TPC_DB_POOL_ACQUIRE_TIMEOUT` | 5 s |
/// | `--db-prepared-statements` | `TPC_DB_PREPARED_STATEMENTS` | on |
/// | `--db-startup-wait` | `TPC_DB_STARTUP_WAIT` | 30 s |
/// | `--retention-interval` | `TPC_RETENTION_INTERVAL` | 60 s (0: off) |
/// | `--retention-clock-skew` | `TPC_RETENTION_CLOCK_SKEW` | 300 s |
/// | `--retention-nonce-validity` | `TPC_RETENTION_NONCE_VALIDITY` | 86,400 s |
struct ServeDatabaseOptions: Sendable {
    /// The database URL given by `--database-file` or the environment, if any.
    var databaseURL: String?
    var postgres: PostgresOptions
    var retention: RetentionSettings
    /// How long start-up retries a database that is temporarily unavailable
    /// (not up yet, starting, full).
    var startupWait: Duration = .seconds(30)

    static let specs: [OptionSpec] = [
        .option(
            "database-file", valueName: "file",
            help: "Read the database URL from a file (TPC_DATABASE_URL_FILE; TPC_DATABASE_URL holds the URL itself)."),
        .option(
            "db-pool-size", valueName: "n", help: "PostgreSQL connections per instance at most (TPC_DB_POOL_SIZE; 10)."),
        .option(
            "db-pool-min-idle", valueName: "n", help: "Connections kept open while idle (TPC_DB_POOL_MIN_IDLE; 1)."),
        .option(
            "db-pool-idle-timeout", valueName: "seconds",
            help: "Close connections idle this long (TPC_DB_POOL_IDLE_TIMEOUT; 60; 0 never)."),
        .option(
            "db-pool-acquire-timeout", valueName: "seconds",
            help: "Longest wait for a free connection, then 503 (TPC_DB_POOL_ACQUIRE_TIMEOUT; 5)."),
        .option(
            "db-prepared-statements", valueName: "on|off",
            help: "Server-side prepared statements; off behind PgBouncer in transaction mode "
                + "(TPC_DB_PREPARED_STATEMENTS; on; or prepared_statements=off in the URL).",
            allowedValues: ["on", "off"]),
        .option(
            "db-startup-wait", valueName: "seconds",
            help: "At start, retry a database not accepting connections yet for this long (TPC_DB_STARTUP_WAIT; 30)."),
        .option(
            "retention-interval", valueName: "seconds",
            help: "Delete expired codes, nonces and sandbox rows this often (TPC_RETENTION_INTERVAL; 60; 0 off)."),
        .option(
            "retention-clock-skew", valueName: "seconds",
            help: "Clock difference allowed between instances, kept beyond every validity "
                + "(TPC_RETENTION_CLOCK_SKEW; 300)."),
        .option(
            "retention-nonce-validity", valueName: "seconds",
            help: "How long a used nonce stays refused (TPC_RETENTION_NONCE_VALIDITY; 86400)."),
    ]

    init(
        _ parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CommandLineError) {
        let path = parsed.commandPath
        func text(_ option: String, _ variable: String) -> String? {
            parsed.value(option) ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        }
        func invalid(_ option: String, _ what: String) -> CommandLineError {
            CommandLineError(.invalidValue, "--\(option) must be \(what)", commandPath: path)
        }
        func count(_ option: String, _ variable: String, minimum: Int) throws(CommandLineError) -> Int? {
            guard let value = text(option, variable) else { return nil }
            guard let number = Int(value), number >= minimum else { throw invalid(option, "a number ≥ \(minimum)") }
            return number
        }
        func seconds(_ option: String, _ variable: String) throws(CommandLineError) -> Double? {
            guard let value = text(option, variable) else { return nil }
            guard let number = Double(value), number.isFinite, number >= 0, number <= 1e7 else {
                throw invalid(option, "a number of seconds ≥ 0")
            }
            return number
        }

        databaseURL = try Self.databaseURL(parsed, environment: environment)
        var postgres = PostgresOptions(acquireTimeout: .seconds(5), applicationName: "tpc")
        if let size = try count("db-pool-size", "TPC_DB_POOL_SIZE", minimum: 1) { postgres.poolSize = size }
        if let idle = try count("db-pool-min-idle", "TPC_DB_POOL_MIN_IDLE", minimum: 0) {
            postgres.minimumIdle = min(idle, postgres.poolSize)
        } else {
            postgres.minimumIdle = min(postgres.minimumIdle, postgres.poolSize)
        }
        if let timeout = try seconds("db-pool-idle-timeout", "TPC_DB_POOL_IDLE_TIMEOUT") {
            postgres.idleTimeout = timeout == 0 ? nil : max(.milliseconds(100), Self.duration(timeout))
        }
        if let timeout = try seconds("db-pool-acquire-timeout", "TPC_DB_POOL_ACQUIRE_TIMEOUT") {
            postgres.acquireTimeout = Self.duration(timeout)
        }
        switch text("db-prepared-statements", "TPC_DB_PREPARED_STATEMENTS")?.lowercased() {
        case nil, "on": break
        case "off": postgres.preparesBatchStatements = false
        default: throw invalid("db-prepared-statements", "on or off")
        }
        self.postgres = postgres
        if let wait = try seconds("db-startup-wait", "TPC_DB_STARTUP_WAIT") { startupWait = Self.duration(wait) }

        var retention = RetentionSettings()
        if let interval = try seconds("retention-interval", "TPC_RETENTION_INTERVAL") {
            retention.interval = Self.duration(interval)
        }
        if let skew = try seconds("retention-clock-skew", "TPC_RETENTION_CLOCK_SKEW") { retention.clockSkew = skew }
        if let validity = try seconds("retention-nonce-validity", "TPC_RETENTION_NONCE_VALIDITY") {
            retention.usedNonceValidity = validity
        }
        self.retention = retention
    }

    /// Opens the database, retrying for ``startupWait`` while it fails
    /// temporarily (``ProvisioningStorage/StorageError/isTemporary``: refused, starting up,
    /// `too many clients` — and a refused login, which libpq reports the same
    /// way); a URL that cannot be parsed fails at once.
    func openDatabase(url: String) async throws -> any SQLDatabase {
        let clock = ContinuousClock()
        let deadline = clock.now + startupWait
        var told = false
        while true {
            do {
                return try await Database.open(url: url, postgres: postgres)
            } catch let error as StorageError where error.isTemporary && clock.now < deadline {
                if !told {
                    StandardStreams.error(
                        "tpc: the database is not available yet (\(error.detail)); retrying for up to \(startupWait)")
                    told = true
                }
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }

    /// `--database-file`, `TPC_DATABASE_URL` or `TPC_DATABASE_URL_FILE`, in
    /// that order; `nil` when none is set. `--database` on the command line is
    /// the caller's to prefer.
    private static func databaseURL(
        _ parsed: ParsedArguments, environment: [String: String]
    ) throws(CommandLineError) -> String? {
        let path = parsed.commandPath
        if parsed.value("database") != nil, parsed.value("database-file") != nil {
            throw CommandLineError(
                .invalidValue, "give --database or --database-file, not both", commandPath: path)
        }
        if let file = parsed.value("database-file") { return try read(file, what: "--database-file", path: path) }
        if let url = environment["TPC_DATABASE_URL"], !url.isEmpty { return url }
        if let file = environment["TPC_DATABASE_URL_FILE"], !file.isEmpty {
            return try read(file, what: "TPC_DATABASE_URL_FILE", path: path)
        }
        return nil
    }

    /// The first line of `file`, trimmed; the error never quotes the content.
    private static func read(_ file: String, what: String, path: [String]) throws(CommandLineError) -> String {
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8),
            let line = text.split(whereSeparator: \.isNewline).first?.trimmingCharacters(in: .whitespaces),
            !line.isEmpty
        else {
            throw CommandLineError(.invalidValue, "\(what): cannot read a database URL from \(file)", commandPath: path)
        }
        return line
    }

    private static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1_000).rounded()))
    }
}
