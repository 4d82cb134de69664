import Foundation
import ProvisioningAPI
import TestSupport

/// Several `tpc serve --sandbox` processes on one database and one sandbox
/// directory, as an operator runs them behind a load balancer: started at the
/// same moment on a directory that does not exist yet, each on a fixed port so
/// that a restarted instance comes back at its address.
actor InstanceGroup {
    nonisolated let work: URL
    nonisolated let sandboxDirectory: URL
    nonisolated let logs: URL
    nonisolated let ports: [Int]
    /// Every instance's arguments but `--port`.
    nonisolated let arguments: [String]
    nonisolated let environment: [String: String]
    private var processes: [TPCProcess?]
    private var generation = 0
    /// Exit statuses of instances stopped so far (`nil`: ended by a signal).
    private(set) var exits: [Int32?] = []

    private init(
        work: URL, ports: [Int], arguments: [String], environment: [String: String], processes: [TPCProcess]
    ) {
        self.work = work
        sandboxDirectory = work.appendingPathComponent("sandbox")
        logs = work.appendingPathComponent("logs")
        self.ports = ports
        self.arguments = arguments
        self.environment = environment
        self.processes = processes
    }

    /// `http://127.0.0.1:PORT` of instance `index`.
    nonisolated func root(_ index: Int) -> String { "http://127.0.0.1:\(ports[index])" }

    /// Starts `count` instances together on a new sandbox directory and waits
    /// until every one listens.
    ///
    /// - Parameters:
    ///   - database: the `--database` URL, or `nil` to pass it in `environment`.
    ///   - extraArguments: further `tpc serve` options for every instance.
    static func start(
        count: Int, database: String?, extraArguments: [String] = [], environment: [String: String] = [:]
    ) async throws -> InstanceGroup {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tpc-scale-\(UUID().uuidString.prefix(8))")
        let logs = work.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        var ports: [Int] = []
        while ports.count < count {
            let port = try FreePort.belowEphemeralRange()
            if !ports.contains(port) { ports.append(port) }
        }
        let arguments =
            ["serve", "--sandbox", "--sandbox-dir", work.appendingPathComponent("sandbox").path]
            + (database.map { ["--database", $0] } ?? []) + extraArguments
        // Spawned back to back, before any of them has looked at the directory.
        let processes = try ports.indices.map { index in
            try TPCProcess(
                arguments + ["--port", String(ports[index])], logs: logs, name: "serve-\(index)-0",
                workingDirectory: work, environment: environment)
        }
        let group = InstanceGroup(
            work: work, ports: ports, arguments: arguments, environment: environment, processes: processes)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            for process in processes { tasks.addTask { _ = try await process.listening() } }
            try await tasks.waitForAll()
        }
        return group
    }

    /// SIGKILL: no shutdown path runs.
    func kill(_ index: Int) async throws {
        guard let process = processes[index] else { throw FlowFailure(description: "instance \(index) is not running") }
        processes[index] = nil
        process.signal(SIGKILL)
        exits.append(try await process.waitForExit())
    }

    /// SIGTERM and the exit status (0: a graceful shutdown).
    @discardableResult
    func terminate(_ index: Int) async throws -> Int32? {
        guard let process = processes[index] else { return nil }
        processes[index] = nil
        let status = try await process.terminate()
        exits.append(status)
        return status
    }

    /// Starts instance `index` again on its port and waits until it listens.
    func start(_ index: Int) async throws {
        guard processes[index] == nil else { throw FlowFailure(description: "instance \(index) still runs") }
        generation += 1
        let process = try TPCProcess(
            arguments + ["--port", String(ports[index])], logs: logs, name: "serve-\(index)-\(generation)",
            workingDirectory: work, environment: environment)
        _ = try await process.listening()
        processes[index] = process
    }

    /// SIGTERM to every instance still running; their exit statuses.
    func stopAll() async throws -> [Int32?] {
        var statuses: [Int32?] = []
        for index in processes.indices { statuses.append(try await terminate(index)) }
        return statuses
    }

    /// The tail of each instance's standard error, for a failure message.
    func errorTails() -> String {
        processes.enumerated().compactMap { index, process in
            process.map { "instance \(index):\n\($0.errorTail(lines: 10))" }
        }.joined(separator: "\n")
    }

    /// Waits (bounded) until instance `index` answers `/readyz` with 200.
    nonisolated func waitUntilReady(_ index: Int) async throws {
        let client = WireClient(root: root(index))
        for _ in 0..<600 {
            if (try? await client.get("/readyz"))?.status == 200 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw FlowFailure(description: "instance \(index) did not become ready")
    }
}
