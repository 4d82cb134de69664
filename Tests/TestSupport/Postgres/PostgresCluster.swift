import Foundation
import Synchronization
import TPCDemo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A throwaway PostgreSQL cluster for the tests: `initdb` in a temporary
/// directory, a free port on 127.0.0.1 and a Unix socket in the same directory,
/// stopped when the test process exits.
///
/// Tests run as root in CI, and PostgreSQL refuses to run as root, so then the
/// server binaries run as the `postgres` user through `runuser`. Clusters left by
/// a test process that died are stopped and removed when the next one starts.
///
/// Shared by the test targets (StorageTests, EndToEndTests) through the
/// `TestSupport` target.
package final class PostgresCluster: Sendable {
    /// Why a cluster could not be set up or a server binary failed.
    package struct SetupError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The cluster's directory: data, socket, logs.
    package let directory: String
    /// The TCP port on 127.0.0.1.
    package let port: Int
    /// Where initdb, pg_ctl, postgres and pg_dump live.
    package let binDirectory: String

    /// The data directory (`directory/data`).
    package var dataDirectory: String { directory + "/data" }

    private static let sharedCluster = SharedStart { try await PostgresCluster.start() }

    /// The cluster shared by the conformance and end-to-end tests, started on
    /// first use; every caller awaits the same start, holding no thread.
    package static func shared() async throws -> PostgresCluster {
        try await sharedCluster.value()
    }

    private static let baseDirectory = NSTemporaryDirectory() + "swift-storage-tests"
    private static let running = Mutex<[String]>([])

    /// The connection URL of one database of this cluster.
    package func url(database: String = "postgres") -> String {
        "postgres://postgres@127.0.0.1:\(port)/\(database)"
    }

    /// Server settings passed as `-c name=value` on every start, on top of the
    /// defaults (`fsync=off`, `max_connections=200`).
    package let settings: [String: String]

    /// Creates and starts a new cluster, removed when the process exits.
    ///
    /// - Parameter settings: server settings for this cluster, such as
    ///   `["max_connections": "10"]`; they replace the defaults of the same name.
    package static func start(settings: [String: String] = [:]) async throws -> PostgresCluster {
        let binDirectory = try await locateBinaries()
        try FileManager.default.createDirectory(atPath: baseDirectory, withIntermediateDirectories: true)
        chmod(baseDirectory, 0o755)
        removeStaleClusters()
        let directory = baseDirectory + "/pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try handOverToPostgresUser(directory)
        let port = try FreePort.belowEphemeralRange()
        let cluster = PostgresCluster(
            directory: directory, port: port, binDirectory: binDirectory, settings: settings)
        registerForExit(cluster.dataDirectory)
        try await cluster.run(
            "initdb",
            ["-D", cluster.dataDirectory, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"])
        try await cluster.control("start")
        return cluster
    }

    private init(directory: String, port: Int, binDirectory: String, settings: [String: String]) {
        self.directory = directory
        self.port = port
        self.binDirectory = binDirectory
        self.settings = settings
    }

    /// `pg_ctl restart`: every open connection is closed by the server.
    package func restart() async throws { try await control("restart", mode: "fast") }

    /// `pg_ctl stop -m fast`.
    package func stop() async throws { try await control("stop", mode: "fast") }

    /// `pg_ctl start` after ``stop()``.
    package func startAgain() async throws { try await control("start") }

    private func control(_ action: String, mode: String? = nil) async throws {
        var arguments = ["-D", dataDirectory, "-w", "-t", "60", "-l", directory + "/server.log"]
        if let mode { arguments += ["-m", mode] }
        if action != "stop" {
            let merged = ["fsync": "off", "max_connections": "200"].merging(settings) { $1 }
            let options = merged.keys.sorted().map { "-c \($0)=\(merged[$0] ?? "")" }.joined(separator: " ")
            arguments += ["-o", "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 \(options)"]
        }
        try await run("pg_ctl", arguments + [action])
    }

    /// Runs a server binary, as `postgres` when this process is root.
    ///
    /// Through TPCDemo's `ChildProcess`: the server that `pg_ctl start` leaves
    /// running inherits no descriptor of this process, and the wait is bounded
    /// (pg_ctl's own `-t 60` plus a margin).
    private func run(_ tool: String, _ arguments: [String]) async throws {
        let executable = binDirectory + "/" + tool
        let command = getuid() == 0 ? ["/sbin/runuser", "-u", "postgres", "--", executable] : [executable]
        let result: ChildProcessOutput
        do {
            result = try await ChildProcess.run(command + arguments, timeout: .seconds(180))
        } catch let error as DemoError {
            throw SetupError(description: "\(tool) \(arguments.last ?? ""): \(error.message)")
        }
        guard result.exit == .exited(0) else {
            let log = (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
            throw SetupError(
                description: "\(tool) \(arguments.last ?? "") failed (\(result.exit)): \(result.outputText)"
                    + "\(result.errorText)\n\(log.suffix(2000))")
        }
    }

    /// `pg_config --bindir`, else the newest /usr/lib/postgresql/*/bin with initdb.
    private static func locateBinaries() async throws -> String {
        var candidates: [String] = []
        if let bindir = try? await ChildProcess.run(["pg_config", "--bindir"], timeout: .seconds(60)),
            bindir.exit == .exited(0)
        {
            candidates.append(bindir.outputText.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        candidates += versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "/usr/lib/postgresql/\($0)/bin" }
        for candidate in candidates
        where ["initdb", "pg_ctl", "postgres"].allSatisfy({
            FileManager.default.isExecutableFile(atPath: candidate + "/" + $0)
        }) {
            return candidate
        }
        throw SetupError(
            description: "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found via pg_config --bindir or "
                + "/usr/lib/postgresql/*/bin; install the Debian package postgresql (scripts/deps.sh does)")
    }

    private static func handOverToPostgresUser(_ directory: String) throws {
        guard getuid() == 0 else { return }
        guard let user = getpwnam("postgres") else {
            throw SetupError(description: "running as root, but there is no postgres user to run the server as")
        }
        guard chown(directory, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
            throw SetupError(description: "cannot chown \(directory) to postgres")
        }
    }

    private static func registerForExit(_ dataDirectory: String) {
        let isFirst = running.withLock { clusters in
            clusters.append(dataDirectory)
            return clusters.count == 1
        }
        if isFirst {
            atexit {
                for dataDirectory in PostgresCluster.running.withLock({ $0 }) {
                    PostgresCluster.shutDown(dataDirectory: dataDirectory)
                }
            }
        }
    }

    /// Stops the postmaster of `dataDirectory` with SIGQUIT (immediate shutdown)
    /// and removes the cluster's directory.
    private static func shutDown(dataDirectory: String) {
        if let pidText = try? String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8),
            let line = pidText.split(separator: "\n").first, let pid = pid_t(line)
        {
            kill(pid, SIGQUIT)
            for _ in 0..<100 where kill(pid, 0) == 0 { usleep(20_000) }
        }
        try? FileManager.default.removeItem(atPath: (dataDirectory as NSString).deletingLastPathComponent)
    }

    /// Removes clusters whose test process no longer exists.
    private static func removeStaleClusters() {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: baseDirectory)) ?? []
        for entry in entries where entry.hasPrefix("pg-") {
            let parts = entry.split(separator: "-")
            guard parts.count >= 2, let owner = pid_t(parts[1]), owner != getpid() else { continue }
            if kill(owner, 0) != 0 && errno == ESRCH {
                shutDown(dataDirectory: baseDirectory + "/" + entry + "/data")
            }
        }
    }
}

extension PostgresCluster {
    /// The text of `pg_dump` of one database (schema and rows), for scans of
    /// what the database holds.
    package func dump(database: String) async throws -> String {
        let path = directory + "/dump-\(database).sql"
        try await run("pg_dump", ["-h", directory, "-p", String(port), "-U", "postgres", "-f", path, database])
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Stops the server and deletes the cluster now, instead of at exit.
    package func destroy() {
        Self.running.withLock { $0.removeAll { $0 == dataDirectory } }
        Self.shutDown(dataDirectory: dataDirectory)
    }
}
