import Foundation
import Synchronization
import TPCDemo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PgBouncer (Debian's `pgbouncer`, installed by `scripts/deps.sh`) in front of
/// a ``PostgresCluster``, on a free port of 127.0.0.1, for the tests that run
/// the service through a pooler.
///
/// Its configuration, log and user list live in the cluster's directory. As
/// root (CI) it runs as `postgres` through `runuser`, as PostgreSQL does: it
/// refuses to run as root. It is started through TPCDemo's `ChildProcess` in
/// the foreground and stopped with SIGTERM; every wait is bounded.
///
/// ```swift
/// let bouncer = try await PgBouncer.start(in: cluster, poolMode: "transaction")
/// let url = bouncer.url(database: "tpc")
/// …
/// await bouncer.stop()
/// ```
package final class PgBouncer: Sendable {
    /// The port clients connect to.
    package let port: Int
    /// The configuration file.
    package let configurationFile: String
    /// PgBouncer's own log.
    package let logFile: String
    private let process: ChildProcess

    private init(port: Int, configurationFile: String, logFile: String, process: ChildProcess) {
        self.port = port
        self.configurationFile = configurationFile
        self.logFile = logFile
        self.process = process
    }

    /// The executable: `pgbouncer` in `/usr/sbin` (Debian's path) or on `PATH`.
    static func locate() throws -> String {
        let candidates =
            ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/pgbouncer" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw PostgresCluster.SetupError(
                description: "pgbouncer not found; install the Debian package pgbouncer (scripts/deps.sh does)")
        }
        return found
    }

    /// Starts PgBouncer for every database of `cluster` (user `postgres`, no
    /// password) and waits until it accepts connections.
    ///
    /// - Parameters:
    ///   - poolMode: `session`, `transaction` or `statement`.
    ///   - serverConnections: server connections per database and user
    ///     (`default_pool_size`).
    package static func start(
        in cluster: PostgresCluster, poolMode: String = "transaction", serverConnections: Int = 5
    ) async throws -> PgBouncer {
        let executable = try locate()
        let port = try FreePort.belowEphemeralRange()
        let base = cluster.directory + "/pgbouncer-\(port)"
        let configurationFile = base + ".ini"
        let userList = base + "-users.txt"
        let logFile = base + ".log"
        let configuration = """
            [databases]
            * = host=127.0.0.1 port=\(cluster.port)

            [pgbouncer]
            listen_addr = 127.0.0.1
            listen_port = \(port)
            unix_socket_dir =
            auth_type = trust
            auth_file = \(userList)
            pool_mode = \(poolMode)
            default_pool_size = \(serverConnections)
            max_client_conn = 500
            logfile = \(logFile)
            ignore_startup_parameters = extra_float_digits
            """
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: configurationFile))
        try Data("\"postgres\" \"\"\n".utf8).write(to: URL(fileURLWithPath: userList))
        let command = getuid() == 0 ? ["/sbin/runuser", "-u", "postgres", "--", executable] : [executable]
        let process: ChildProcess
        do {
            process = try ChildProcess(
                command + [configurationFile], output: .appending(base + ".stdout"), error: .output)
        } catch {
            throw PostgresCluster.SetupError(description: "pgbouncer: \(error.message)")
        }
        track(process)
        let bouncer = PgBouncer(port: port, configurationFile: configurationFile, logFile: logFile, process: process)
        try await bouncer.waitUntilReady(cluster: cluster)
        return bouncer
    }

    /// A connection URL of one database, through PgBouncer.
    package func url(database: String) -> String {
        "postgres://postgres@127.0.0.1:\(port)/\(database)"
    }

    /// `pg_isready` against PgBouncer until it answers, bounded.
    private func waitUntilReady(cluster: PostgresCluster) async throws {
        let probe = [cluster.binDirectory + "/pg_isready", "-h", "127.0.0.1", "-p", String(port), "-t", "2"]
        for _ in 0..<300 {
            if let exit = process.exit {
                let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
                throw PostgresCluster.SetupError(description: "pgbouncer ended (\(exit)): \(log.suffix(2000))")
            }
            if let result = try? await ChildProcess.run(probe, timeout: .seconds(30)), result.exit == .exited(0) {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        await stop()
        throw PostgresCluster.SetupError(description: "pgbouncer did not accept connections on port \(port)")
    }

    /// SIGTERM, then SIGKILL after a grace period.
    package func stop() async {
        _ = try? await process.stop(grace: .seconds(10))
    }

    /// Poolers still running when the test process exits get SIGTERM.
    private static let running = Mutex<[ChildProcess]>([])

    private static func track(_ process: ChildProcess) {
        let isFirst = running.withLock { processes in
            processes.removeAll { $0.exit != nil }
            processes.append(process)
            return processes.count == 1
        }
        if isFirst {
            atexit {
                for process in PgBouncer.running.withLock({ $0 }) { process.signal(SIGTERM) }
            }
        }
    }
}
