import Foundation
import TestSupport
import Testing

/// `tpc serve --operations-port`: health, readiness and metrics from a
/// connection table of their own (issue 16: 1,100 idle connections blocked
/// `/healthz` on the service port; with the table full the server stops
/// accepting there, probes included).
@Suite(.timeLimit(.minutes(3))) struct OperationsListenerTests {
    static func get(_ path: String, port: Int, timeoutSeconds: Int = 15) throws -> RawHTTPConnection.Response {
        let connection = try RawHTTPConnection(port: port, receiveTimeoutSeconds: timeoutSeconds)
        try connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return try connection.readResponse()
    }

    /// The port of `tpc: operations (…) on http://HOST:PORT`.
    static func port(ofOperationsLine line: String) -> Int? {
        guard let colon = line.lastIndex(of: ":") else { return nil }
        return Int(line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func probesAreAnsweredOnTheOperationsPortWhileClientsFillTheServicePortsTable() async throws {
        let arguments = ["--max-connections", "8", "--max-connections-per-address", "0", "--operations-port", "0"]
        try await SandboxServer.with(arguments: arguments) { sandbox in
            let line = try await sandbox.process.waitForLine(prefix: "tpc: operations", timeout: .seconds(30))
            let operationsPort = try #require(Self.port(ofOperationsLine: line), "no port in \(line)")
            let port = try #require(sandbox.baseURL.port)
            let base = sandbox.baseURL.path
            #expect(try await onThread { try Self.get("/healthz", port: port).status } == 200)

            // Eight idle connections from four addresses: the whole table,
            // held on one thread while the probes run.
            let (servicePortAnswered, statuses) = try await onThread { () -> (Bool, [String: Int]) in
                let holders = try (0..<8).map { try RawHTTPConnection(port: port, from: "127.0.0.\(2 + $0 % 4)") }
                defer { withExtendedLifetime(holders) {} }
                let answered = (try? Self.get("/healthz", port: port, timeoutSeconds: 2)) != nil
                var statuses: [String: Int] = [:]
                for path in ["/healthz", "/readyz", "/metrics", "\(base)/healthz", "\(base)/readyz"] {
                    statuses[path] = try Self.get(path, port: operationsPort).status
                }
                // The API is not served there.
                statuses["\(base)/backoffice/tokens"] = try Self.get("\(base)/backoffice/tokens", port: operationsPort)
                    .status
                return (answered, statuses)
            }
            #expect(!servicePortAnswered, "the service port answered with its table full: the test proves nothing")
            for (path, status) in statuses {
                #expect(status == (path.hasSuffix("/backoffice/tokens") ? 404 : 200), "\(path) on the operations port")
            }
            #expect(statuses.count == 6)

            let recovered = await eventually(attempts: 500) {
                (try? Self.get("/healthz", port: port, timeoutSeconds: 2).status) == 200
            }
            #expect(recovered, "the service port did not answer again once the idle clients left")
        }
    }

    @Test func theOperationsOptionsAreChecked() async throws {
        for (arguments, expected) in [
            (["--operations-host", "127.0.0.1"], "--operations-host needs --operations-port"),
            (["--operations-port", "70000"], "--operations-port must be a number from 0 to 65535"),
            (["--max-connections", "0"], "--max-connections must be a number from 1"),
            // A directory given by mistake is refused, never emptied.
            (["--ready-file", "."], "is not a regular file"),
        ] {
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("ops-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: work) }
            let run = try TPCProcess(
                ["serve", "--sandbox", "--port", "0"] + arguments, logs: work.appendingPathComponent("logs"),
                name: "serve-options", workingDirectory: work)
            let status = try await run.waitForExit(timeout: .seconds(30))
            if status == nil { _ = try? await run.terminate(timeout: .seconds(10)) }
            #expect(status == 64, "\(arguments): exit \(String(describing: status))")
            #expect(run.errorOutput().contains(expected), "\(arguments): \(run.errorOutput())")
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("logs").path))
        }
    }

    @Test func theReadyFileNamesBothListenersAndIsRemovedWhenTheServerStops() async throws {
        try await SandboxServer.with(arguments: ["--operations-port", "0"]) { sandbox in
            let file = try #require(sandbox.process.readyFile)
            let text = try String(contentsOf: file, encoding: .utf8)
            var values: [String: String] = [:]
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                #expect(parts.count == 2, "not KEY=value: \(line)")
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
            #expect(values["TPC_URL"] == sandbox.baseURL.absoluteString)
            #expect(values["TPC_BASE_PATH"] == sandbox.baseURL.path)
            #expect(values["TPC_PID"] == "\(sandbox.process.pid)")
            let operations = try #require(values["TPC_OPERATIONS_URL"].flatMap(URL.init(string:))?.port)
            #expect(try await onThread { try Self.get("/healthz", port: operations).status } == 200)
            #expect(Set(values.keys) == ["TPC_URL", "TPC_ROOT", "TPC_BASE_PATH", "TPC_OPERATIONS_URL", "TPC_PID"])

            let status = try await sandbox.process.terminate(timeout: .seconds(60))
            #expect(status == 0)
            #expect(!FileManager.default.fileExists(atPath: file.path), "the ready file outlived the server")
        }
    }
}
