import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `tpc serve`'s options for several instances: the database URL from a file,
/// pool and retention values checked before anything starts, the pool's
/// series on `/metrics`.
@Suite("tpc serve database options", .timeLimit(.minutes(5)))
struct ServeDatabaseOptionsTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tpc-serve-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a bad pool, pooler or retention value is a usage error naming its option")
    func badValuesAreUsageErrors() async throws {
        let cases: [([String], String)] = [
            (["--db-pool-size", "0"], "--db-pool-size"),
            (["--db-pool-min-idle", "-1"], "--db-pool-min-idle"),
            (["--db-pool-acquire-timeout", "soon"], "--db-pool-acquire-timeout"),
            (["--db-prepared-statements", "sometimes"], "--db-prepared-statements"),
            (["--retention-interval", "-5"], "--retention-interval"),
            (["--database", "sqlite::memory:", "--database-file", "/nonexistent"], "--database-file"),
            (["--database-file", "/nonexistent/url"], "--database-file"),
        ]
        for (arguments, option) in cases {
            let result = try await ToolProcess.run(["serve", "--config", "/nonexistent.json"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.error)")
            #expect(result.error.contains(option), "\(arguments): \(result.error)")
        }
    }

    @Test("the database URL comes from --database-file, and /metrics shows the retention job's series")
    func databaseURLFromAFile() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let databaseFile = directory.appendingPathComponent("chosen.sqlite")
        let urlFile = directory.appendingPathComponent("database-url")
        try Data("sqlite:\(databaseFile.path)\n".utf8).write(to: urlFile)
        let server = try TPCProcess(
            [
                "serve", "--sandbox", "--sandbox-dir", directory.appendingPathComponent("sandbox").path, "--port", "0",
                "--database-file", urlFile.path, "--retention-interval", "0.2",
            ], logs: directory.appendingPathComponent("logs"), name: "serve")
        let root = try await server.listening().root
        #expect(FileManager.default.fileExists(atPath: databaseFile.path))
        // The retention job runs within its interval (0.2 s) and counts its runs.
        var metrics = ""
        for _ in 0..<200 {
            metrics = try await Self.get(root + "/metrics")
            if metrics.contains("tpc_retention_runs_total{outcome=\"success\"}") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(metrics.contains("tpc_retention_runs_total{outcome=\"success\"}"))
        #expect(metrics.contains("# TYPE tpc_db_pool_acquire_wait_seconds histogram"))
        #expect(try await server.terminate() == 0)
    }

    private static func get(_ url: String) async throws -> String {
        guard let url = URL(string: url) else { throw URLError(.badURL) }
        let (data, _) = try await URLSession.shared.data(from: url)
        return String(decoding: data, as: UTF8.self)
    }
}
