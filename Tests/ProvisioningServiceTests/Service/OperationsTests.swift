import Foundation
import ProvisioningAPI
import ProvisioningService
import Testing

@Suite(.serialized, .timeLimit(.minutes(3))) struct OperationsTests {
    @Test func metricsCountRequestsByRouteAndProvisioningOutcomes() async throws {
        let harness = try await ServiceHarness()
        _ = try await harness.provision(try harness.provisioningRequest())
        _ = try await harness.provision(try harness.provisioningRequest(code: "not-a-jwt"))
        let metrics = try await harness.send("GET", "/metrics", root: true)
        let text = String(decoding: metrics.body, as: UTF8.self)
        #expect(
            text.contains(
                #"tpc_http_requests_total{route="/mg/tpc/v1/issuers/:issuerId/applepay/provisioning",method="POST",status="200"} 1"#
            ))
        #expect(text.contains(#"tpc_provisioning_outcomes_total{outcome="success"} 1"#))
        #expect(text.contains(#"tpc_provisioning_outcomes_total{outcome="authorization-code-invalid"} 1"#))
        #expect(text.contains("tpc_http_request_duration_seconds_bucket"))
        #expect(!text.contains(TestCard.pan))
        await harness.stop()
    }

    /// An anonymous client sending invented methods must not grow `/metrics`:
    /// every label comes from a closed set.
    @Test func inventedMethodsDoNotAddSeries() async throws {
        let harness = try await ServiceHarness()
        for index in 0..<30 {
            _ = try await harness.send("BREW\(index)", "/healthz", root: true)
        }
        let text = String(decoding: try await harness.send("GET", "/metrics", root: true).body, as: UTF8.self)
        await harness.stop()
        #expect(!text.contains("BREW"), "a client-chosen method became a label")
        let requestSeries = text.split(separator: "\n").filter { $0.hasPrefix("tpc_http_requests_total{") }
        #expect(requestSeries.contains { $0.contains(#"method="other""#) })
        #expect(requestSeries.count <= 3, "\(requestSeries)")
    }

    @Test func metricsExportTheSQLiteCheckpointsOfAFileDatabaseOnly() async throws {
        let path = NSTemporaryDirectory() + "operations-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let file = try await ServiceHarness(databaseURL: "sqlite:" + path)
        _ = try await file.provision(try file.provisioningRequest())
        let text = String(decoding: try await file.send("GET", "/metrics", root: true).body, as: UTF8.self)
        await file.stop()
        for kind in ["background", "commit", "failed"] {
            #expect(text.contains(#"tpc_sqlite_checkpoints_total{kind="\#(kind)"} "#))
        }
        #expect(text.contains(#"tpc_sqlite_checkpoints_total{kind="failed"} 0"#))

        let memory = try await ServiceHarness()
        let none = String(decoding: try await memory.send("GET", "/metrics", root: true).body, as: UTF8.self)
        await memory.stop()
        #expect(!none.contains("tpc_sqlite_checkpoints_total{"))
    }

    @Test func readinessFollowsTheDatabase() async throws {
        let harness = try await ServiceHarness()
        let ready = try await harness.send("GET", "/readyz", root: true)
        #expect(ready.status == 200)
        #expect(try ready.decode(ReadinessResponse.self).status == .up)
        await harness.database.close()
        let down = try await harness.send("GET", "/readyz", root: true)
        #expect(down.status == 503)
        #expect(down.problem?.type == .serviceUnavailable)
        #expect(down.headers["retry-after"] == "1")
        await harness.stop()
    }

    @Test func aProvisioningTheDatabaseCannotTakeIsA503WithRetryAfterNotA500() async throws {
        let harness = try await ServiceHarness()
        await harness.database.close()
        let response = try await harness.provision(try harness.provisioningRequest())
        #expect(response.status == 503)
        #expect(response.problem?.type == .serviceUnavailable)
        #expect(response.headers["retry-after"] == "1")
        #expect(
            harness.logLines.contains { $0.contains("storage.unavailable") && $0.contains("code=connection-failure") })
        await harness.stop()
    }

    @Test func operationalRoutesAnswerAtTheRootAndUnderTheBasePath() async throws {
        let harness = try await ServiceHarness()
        for root in [true, false] {
            #expect(try await harness.send("GET", "/healthz", root: root).status == 200)
            #expect(try await harness.send("GET", "/readyz", root: root).status == 200)
            #expect(try await harness.send("GET", "/metrics", root: root).status == 200)
            #expect(try await harness.send("GET", "/openapi.json", root: root).status == 200)
        }
        let document = try await harness.send("GET", "/openapi.json", root: true)
        let object = try #require(try JSONSerialization.jsonObject(with: document.body) as? [String: Any])
        #expect(object["openapi"] as? String == "3.1.0")
        await harness.stop()
    }

    @Test func everyDocumentedServiceRouteIsMounted() async throws {
        let harness = try await ServiceHarness()
        for route in APIRoute.all where !route.pattern.hasPrefix("/v1/sandbox") {
            let isOperation = !route.pattern.hasPrefix("/v1/")
            let path = route.pattern.replacing(#/:(\w+)/#) { _ in "x" }
            let response = try await harness.send(route.method.rawValue, path, root: isOperation)
            // The router's own 404 is `not-found`; mounted issuer routes answer
            // `unknown-issuer` for the made-up issuer, the others 401 or 200.
            #expect(
                !(response.status == 404 && response.problem?.type == .notFound), "\(route) is not mounted")
            #expect(response.status != 405, "\(route) is not mounted for its method")
        }
        await harness.stop()
    }
}
