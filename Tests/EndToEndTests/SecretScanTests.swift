import Foundation
import ProvisioningAPI
import TestSupport
import Testing

extension EndToEndTests {
    /// After everything else (the suite is serialized and this suite runs
    /// last): no PAN, nonce or authorization code the tests sent shows up in
    /// the metrics, the server logs, the sandbox directory (SQLite files
    /// included) or a `pg_dump` of the PostgreSQL database. Stops the server.
    @Suite struct SecretScan {
        @Test(arguments: Store.allCases)
        func noSecretSurvivesInLogsDatabaseFilesOrMetrics(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let ledger = deployment.ledger
            // The rest of the suite has run: its secrets are all recorded.
            try #require(ledger.pans.count >= 6, "the scan must run after the other end-to-end suites")
            try #require(ledger.nonces.count >= 60)
            try #require(ledger.codes.count >= 100)
            // The scanner finds what is there.
            let pan = try #require(ledger.pans.first)
            #expect(
                ledger.findings(in: "record pan=\(pan) end") == [
                    "PAN #\(ledger.pans.sorted().firstIndex(of: pan) ?? -1)"
                ])

            let metrics = try await deployment.metrics()
            #expect(metrics.contains("provisioning"))
            #expect(ledger.findings(in: metrics) == [], "metrics")

            let status = try await deployment.stop()
            #expect(status == 0, "tpc serve exits 0 after SIGTERM")
            #expect(await deployment.exitStatuses.allSatisfy { $0 == 0 }, "every tpc serve stopped gracefully")

            let logs = try Self.files(under: deployment.logs)
            #expect(logs.count >= 4)
            let serverLog = try String(
                contentsOf: deployment.logs.appendingPathComponent("serve.stderr"), encoding: .utf8)
            #expect(serverLog.contains("provisioning.succeeded"), "the server log holds the run")
            for file in logs {
                #expect(ledger.findings(in: try Data(contentsOf: file)) == [], "\(file.lastPathComponent)")
            }

            let sandboxFiles = try Self.files(under: deployment.sandboxDirectory)
            if store == .sqlite {
                #expect(sandboxFiles.contains { $0.lastPathComponent == "tpc.sqlite" })
            }
            for file in sandboxFiles {
                #expect(ledger.findings(in: try Data(contentsOf: file)) == [], "\(file.lastPathComponent)")
            }

            if store == .postgres, let database = deployment.postgresDatabase {
                let dump = try PostgresCluster.shared.get().dump(database: database)
                #expect(dump.contains("provisioning_attempts"))
                #expect(ledger.findings(in: dump) == [], "pg_dump")
            }
            if ProcessInfo.processInfo.environment["E2E_KEEP"] == nil {
                try? FileManager.default.removeItem(at: deployment.work)
            }
        }

        static func files(under directory: URL) throws -> [URL] {
            let enumerator = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey])
            var files: [URL] = []
            while let url = enumerator?.nextObject() as? URL {
                if try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true { files.append(url) }
            }
            return files
        }
    }
}
