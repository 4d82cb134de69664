import Foundation
import ProvisioningAPI
import TestSupport
import Testing

extension EndToEndTests {
    /// After everything else (the suite is serialized and this suite runs
    /// last): no PAN, nonce or authorization code the tests sent shows up in
    /// the metrics, the server logs, the sandbox directory (SQLite files
    /// included) or a `pg_dump` of the PostgreSQL database. Stops the server.
    @Suite(.timeLimit(.minutes(10))) struct SecretScan {
        /// `tpc demo --work-dir DIR --keep`, the way `make demo` runs it: its
        /// terminal output and everything it leaves in DIR (the service's
        /// database and logs included) hold no test PAN, authorization code
        /// or private key, apart from the key files the sandbox writes.
        /// Runs before the store scans below, which stop the servers.
        @Test func demoLeavesNoSecretInItsOutputOrWorkDirectory() async throws {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                "tpc-e2e-demo-\(UUID().uuidString.prefix(8))")
            let work = scratch.appendingPathComponent("work")
            let output = scratch.appendingPathComponent("output")
            defer {
                if ProcessInfo.processInfo.environment["E2E_KEEP"] == nil {
                    try? FileManager.default.removeItem(at: scratch)
                }
            }
            let demo = try TPCProcess(
                ["demo", "--work-dir", work.path, "--keep"], logs: output, name: "demo", workingDirectory: scratch)
            let status = try await demo.waitForExit(timeout: .seconds(180))
            #expect(status == 0, "\(demo.errorOutput())")
            #expect(demo.output().contains("DEMO PASSED"))

            let ledger = SecretLedger()
            // The demo provisions the sandbox's documented test cards.
            let cards = try await Deployment.shared(.sqlite).allTestCards()
            #expect(cards.count >= 8)
            for card in cards { ledger.recordPAN(card.pan) }
            try ledger.recordKeys(under: work, prefix: "demo")
            #expect(ledger.keys.keys.contains("demo master key (hex)"))
            #expect(ledger.keys.count >= 6)
            let files = try Self.files(under: work)
            #expect(files.contains { $0.lastPathComponent.hasPrefix("tpc.sqlite") }, "the demo's database is kept")
            var scanned = 0
            for file in try Self.files(under: output) + files {
                let data = try Data(contentsOf: file)
                // The sandbox's own key files are where keys belong.
                if Self.isKeyFile(data) { continue }
                scanned += 1
                #expect(ledger.findings(in: data, keys: true) == [], "\(file.lastPathComponent)")
                let text = String(decoding: data, as: UTF8.self)
                #expect(!text.contains("eyJhbGciOiJFUzI1NiI"), "an authorization code in \(file.lastPathComponent)")
            }
            #expect(scanned >= 3)
            let crashes = try Self.files(under: scratch).filter(Self.isCrashOutput)
            #expect(crashes.isEmpty, "the demo left crash outputs")
            print(
                "SECRET-SCAN demo files=\(scanned) needles=\(ledger.needlesWithKeys.count) crash-outputs=\(crashes.count)"
            )
        }

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

            // Keys: the issuers' code and payload keys and the sandbox master key.
            try ledger.recordKeys(under: deployment.sandboxDirectory, prefix: "sandbox")
            try ledger.recordKeys(under: deployment.work.appendingPathComponent("other-bank"), prefix: "other-bank")
            ledger.recordPEM(try deployment.otherIssuer.codeKey.pemRepresentation, label: "other-bank code key")
            #expect(ledger.keys.count >= 12, "code key, payload key and master key of both issuers")
            #expect(ledger.keys.keys.contains("sandbox master key (hex)"))
            #expect(!ledger.cvvs.isEmpty, "the bad-input suite sent a payload with a CVV")
            #expect(ledger.findings(in: #"{"cvv":"\#(ledger.cvvs.first ?? "")"}"#) != [])
            // The field-name check finds the name in the shapes a leak would take, not inside random text.
            #expect(
                [#"{"cvv":"1"}"#, "CVV=1", "card cvv rejected", "cvv"].allSatisfy(SecretLedger.namesCVV(in:)))
            #expect(
                !["\\restrict 5tzn1hcvvdi", "MIIBcVv+/w==", "x/cvv+y", "abCVVd"].contains(
                    where: SecretLedger.namesCVV(in:)))

            let metrics = try await deployment.metrics()
            #expect(metrics.contains("provisioning"))
            #expect(ledger.findings(in: Data(metrics.utf8), keys: true) == [], "metrics")
            #expect(!SecretLedger.namesCVV(in: metrics), "metrics")

            let status = try await deployment.stop()
            #expect(status == 0, "tpc serve exits 0 after SIGTERM")
            #expect(await deployment.exitStatuses.allSatisfy { $0 == 0 }, "every tpc serve stopped gracefully")

            let logs = try Self.files(under: deployment.logs)
            #expect(logs.count >= 4)
            let serverLog = try String(
                contentsOf: deployment.logs.appendingPathComponent("serve.stderr"), encoding: .utf8)
            #expect(serverLog.contains("provisioning.succeeded"), "the server log holds the run")
            for file in logs {
                let data = try Data(contentsOf: file)
                #expect(ledger.findings(in: data, keys: true) == [], "\(file.lastPathComponent)")
                #expect(
                    !SecretLedger.namesCVV(in: String(decoding: data, as: UTF8.self)), "\(file.lastPathComponent)")
            }

            let sandboxFiles = try Self.files(under: deployment.sandboxDirectory)
            if store == .sqlite {
                #expect(sandboxFiles.contains { $0.lastPathComponent == "tpc.sqlite" })
            }
            for file in sandboxFiles {
                // Database files must hold no key either; the key files themselves are the sandbox's.
                let isDatabase = file.lastPathComponent.hasPrefix("tpc.sqlite")
                #expect(
                    ledger.findings(in: try Data(contentsOf: file), keys: isDatabase) == [],
                    "\(file.lastPathComponent)")
            }
            // Crash outputs, if a process left any: none may hold a secret.
            let crashes = try Self.files(under: deployment.work).filter(Self.isCrashOutput)
            for file in crashes {
                #expect(ledger.findings(in: try Data(contentsOf: file), keys: true) == [], "\(file.lastPathComponent)")
            }
            print(
                "SECRET-SCAN store=\(store.rawValue) needles=\(ledger.needlesWithKeys.count) files=\(logs.count + sandboxFiles.count) crash-outputs=\(crashes.count)"
            )

            if store == .postgres, let database = deployment.postgresDatabase {
                let dump = try await PostgresCluster.shared().dump(database: database)
                #expect(dump.contains("provisioning_attempts"))
                #expect(ledger.findings(in: Data(dump.utf8), keys: true) == [], "pg_dump")
                #expect(!SecretLedger.namesCVV(in: dump), "pg_dump")
            }
            if ProcessInfo.processInfo.environment["E2E_KEEP"] == nil {
                try? FileManager.default.removeItem(at: deployment.work)
            }
        }

        static func isKeyFile(_ data: Data) -> Bool {
            data.count == 32 || String(decoding: data, as: UTF8.self).contains("PRIVATE KEY-----")
        }

        static func isCrashOutput(_ url: URL) -> Bool {
            let name = url.lastPathComponent
            return name.hasSuffix(".crash") || name == "core" || name.hasPrefix("core.")
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
