import Foundation
import ProvisioningService
import ProvisioningStorage
import TPCCommandLine

/// The options of `tpc serve` for running several instances on one database:
/// where the database URL comes from (so no password sits on the command
/// line), the PostgreSQL pool, pooler mode and the retention job.
///
/// Each option also reads an environment variable, used when the option is
/// absent; the option wins when both are set. The defaults are the storage's
/// and the retention job's own (`PostgresOptions`, `RetentionSettings`).
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
    var startupWait: Duration

    /// Whether PostgreSQL statements are prepared on the server (`--db-prepared-statements`).
    enum PreparedStatements: String, ArgumentConvertible, CaseIterable {
        case on, off

        /// Any case, as the environment variable has always been read; the
        /// option itself takes `on` or `off` exactly.
        init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    }

    static let databaseFile = Option<String?>(
        "database-file", valueName: "file",
        help: "Read the database URL from a file (TPC_DATABASE_URL_FILE; TPC_DATABASE_URL holds the URL itself).")
    static let poolSize = Option<Int>(
        "db-pool-size", valueName: "n", help: "PostgreSQL connections per instance at most",
        default: PostgresOptions().poolSize, requirement: .atLeast(1), environment: "TPC_DB_POOL_SIZE")
    static let poolMinimumIdle = Option<Int>(
        "db-pool-min-idle", valueName: "n", help: "Connections kept open while idle",
        default: PostgresOptions().minimumIdle, requirement: .atLeast(0), environment: "TPC_DB_POOL_MIN_IDLE")
    static let poolIdleTimeout = Option<Double>(
        "db-pool-idle-timeout", valueName: "seconds", help: "Close connections idle this long",
        default: seconds(PostgresOptions().idleTimeout), requirement: .seconds, environment: "TPC_DB_POOL_IDLE_TIMEOUT",
        note: "0 never")
    static let poolAcquireTimeout = Option<Double>(
        "db-pool-acquire-timeout", valueName: "seconds", help: "Longest wait for a free connection, then 503",
        default: 5, requirement: .seconds, environment: "TPC_DB_POOL_ACQUIRE_TIMEOUT")
    static let preparedStatements = Option<PreparedStatements>(
        "db-prepared-statements", valueName: "on|off",
        help: "Server-side prepared statements; off behind PgBouncer in transaction mode",
        default: PostgresOptions().preparesBatchStatements ? .on : .off, requirement: ValueRequirement("on or off"),
        environment: "TPC_DB_PREPARED_STATEMENTS", note: "or prepared_statements=off in the URL")
    static let startupWait = Option<Double>(
        "db-startup-wait", valueName: "seconds",
        help: "At start, retry a database not accepting connections yet for this long", default: 30,
        requirement: .seconds, environment: "TPC_DB_STARTUP_WAIT")
    static let retentionInterval = Option<Double>(
        "retention-interval", valueName: "seconds", help: "Delete expired codes, nonces and sandbox rows this often",
        default: seconds(RetentionSettings().interval), requirement: .seconds, environment: "TPC_RETENTION_INTERVAL",
        note: "0 off")
    static let retentionClockSkew = Option<Double>(
        "retention-clock-skew", valueName: "seconds",
        help: "Clock difference allowed between instances, kept beyond every validity",
        default: RetentionSettings().clockSkew, requirement: .seconds, environment: "TPC_RETENTION_CLOCK_SKEW")
    static let retentionNonceValidity = Option<Double>(
        "retention-nonce-validity", valueName: "seconds", help: "How long a used nonce stays refused",
        default: RetentionSettings().usedNonceValidity, requirement: .seconds,
        environment: "TPC_RETENTION_NONCE_VALIDITY")

    /// The database options, in help's order.
    static let options: [any OptionDeclaration] = [
        databaseFile, poolSize, poolMinimumIdle, poolIdleTimeout, poolAcquireTimeout, preparedStatements, startupWait,
        retentionInterval, retentionClockSkew, retentionNonceValidity,
    ]

    /// Reads and checks the options, each from the command line or its
    /// environment variable (`arguments` carries the environment).
    ///
    /// - Throws: ``CommandLineError``: a usage error naming the option.
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        databaseURL = try Self.databaseURL(arguments)
        var postgres = PostgresOptions(applicationName: "tpc")
        postgres.poolSize = try arguments[Self.poolSize]
        postgres.minimumIdle = min(try arguments[Self.poolMinimumIdle], postgres.poolSize)
        let idleTimeout = try arguments[Self.poolIdleTimeout]
        postgres.idleTimeout = idleTimeout == 0 ? nil : max(.milliseconds(100), Self.duration(idleTimeout))
        postgres.acquireTimeout = Self.duration(try arguments[Self.poolAcquireTimeout])
        postgres.preparesBatchStatements = try arguments[Self.preparedStatements] == .on
        self.postgres = postgres
        startupWait = Self.duration(try arguments[Self.startupWait])

        var retention = RetentionSettings()
        retention.interval = Self.duration(try arguments[Self.retentionInterval])
        retention.clockSkew = try arguments[Self.retentionClockSkew]
        retention.usedNonceValidity = try arguments[Self.retentionNonceValidity]
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
    private static func databaseURL(_ arguments: ParsedArguments) throws(CommandLineError) -> String? {
        let path = arguments.commandPath
        let file = try arguments[databaseFile]
        if try arguments[ServeCommand.database] != nil, file != nil {
            throw CommandLineError(.invalidValue, "give --database or --database-file, not both", commandPath: path)
        }
        if let file { return try read(file, what: "--database-file", path: path) }
        let environment = arguments.environment
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

    /// `duration` in seconds, for a default help shows (`nil`: 0).
    private static func seconds(_ duration: Duration?) -> Double {
        guard let duration else { return 0 }
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

extension ValueRequirement where Value == Double {
    /// A number of seconds from 0 to 10⁷ (115 days): "a number of seconds ≥ 0".
    static var seconds: ValueRequirement {
        ValueRequirement("a number of seconds ≥ 0") { $0 >= 0 && $0 <= 1e7 }
    }
}
