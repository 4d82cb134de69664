import Foundation
import MastercardMDES
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningService
import Synchronization
import Testing

/// The service's lifecycle with the real MDES connector, against a scripted
/// Customer Service API on loopback: MDES takes no idempotency key, so a
/// change whose answer is lost or unclear reaches it exactly once, and what
/// `/search` then says decides the outcome.
@Suite(.timeLimit(.minutes(3))) struct MDESLifecycleTests {
    /// A scripted MDES: one answer per path, after a delay; every call it saw.
    final class ScriptedMDES: Sendable {
        /// The paths called, in order.
        final class Calls: Sendable {
            let list = Mutex<[String]>([])
        }

        let calls = Calls()
        let server: HTTPServer

        init(_ answers: [String: (status: Int, body: String, delay: Duration)]) throws {
            let calls = self.calls
            var router = Router()
            for (path, answer) in answers {
                router.post("/mdes/csapi/v2" + path) { _ in
                    calls.list.withLock { $0.append(path) }
                    try await Task.sleep(for: answer.delay)
                    var headers = HTTPHeaders()
                    headers["Content-Type"] = "application/json"
                    return HTTPResponse(
                        status: HTTPStatus(rawValue: answer.status), headers: headers, body: Array(answer.body.utf8))
                }
            }
            server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, threadPoolSize: 2), router: router)
            try server.start()
        }

        /// The connector of `issuer` to this API.
        func connector(for issuer: IssuerSettings, timeoutSeconds: Int) throws -> MDESConnector {
            let mdes = MDESSettings(
                baseURL: nil, consumerKey: "consumer!bank",
                signingKey: .pem(.inline(try RSA.PrivateKey(bits: 2048).pemRepresentation)),
                tavKey: .inline(try RSA.PrivateKey(bits: 2048).pemRepresentation), timeoutSeconds: timeoutSeconds)
            let base = try #require(URL(string: "http://127.0.0.1:\(server.port)/mdes/csapi/v2"))
            return try MDESConnector(issuer: issuer, mdes: mdes, endpoint: MDESEndpoint(baseURL: base))
        }
    }

    static func search(_ status: String, suspenders: [String]?) -> String {
        let held = suspenders.map { #","Suspenders":{"Suspender":["\#($0.joined(separator: #"",""#))"]}"# } ?? ""
        return """
            {"SearchResponse":{"Accounts":{"Account":[{"AccountPanSuffix":"0012","Tokens":{"Token":[{\
            "TokenUniqueReference":"tok-1","CurrentStatusCode":"\(status)","TokenRequestorId":"40010030273"\(held)}]}}]}}}
            """
    }

    static let suspended = #"{"TokenSuspendResponse":{"Token":{"TokenUniqueReference":"tok-1"}}}"#
    static let unavailable =
        #"{"Errors":{"Error":[{"Source":"System","ReasonCode":"SYSTEM_ERROR","Description":"…","Recoverable":"true"}]}}"#

    /// A suspend through the service's back office, the service's connector
    /// for the bank being the MDES connector to `script`; the answer.
    /// `timeoutSeconds` is short only where the script makes an answer late.
    static func suspend(
        through script: ScriptedMDES, timeoutSeconds: Int = 10
    ) async throws -> ServiceHarness.Response {
        let harness = try await ServiceHarness(network: {
            try script.connector(for: $0.settings, timeoutSeconds: timeoutSeconds)
        })
        _ = try await harness.provisionedToken()
        let response = try await harness.post(
            "/v1/issuers/bank-1/backoffice/tokens/tok-1/state",
            BackOfficeTokenStateChangeRequest(action: .suspend, reason: "Lost phone"),
            headers: ["Authorization": "Bearer \(harness.bank.backOfficeKey)"])
        await harness.stop()
        await script.server.shutdown(gracePeriod: .seconds(1))
        return response
    }

    @Test func aChangeWhoseAnswerIsLostIsPostedOnceAndReadBack() async throws {
        let script = try ScriptedMDES([
            "/token/suspend": (200, Self.suspended, .seconds(3)),
            "/search": (200, Self.search("A", suspenders: nil), .zero),
        ])
        let response = try await Self.suspend(through: script, timeoutSeconds: 1)
        // Not landed: the service says the network is unavailable, without a second POST.
        #expect(response.status == 502)
        #expect(response.problem?.type == .upstreamNetworkError)
        // The read may be repeated (a search is idempotent, and its one-second
        // timeout can pass on a loaded machine); the change never is.
        let calls = script.calls.list.withLock { $0 }
        #expect(calls.first == "/token/suspend" && calls.filter { $0 == "/token/suspend" }.count == 1, "\(calls)")
        #expect(calls.count >= 2 && calls.dropFirst().allSatisfy { $0 == "/search" }, "\(calls)")
    }

    @Test func aServerErrorAnsweringAChangeIsReadBackAndTheChangeThatLandedSucceeds() async throws {
        let script = try ScriptedMDES([
            "/token/suspend": (503, Self.unavailable, .zero),
            "/search": (200, Self.search("S", suspenders: ["I"]), .zero),
        ])
        let response = try await Self.suspend(through: script)
        #expect(response.status == 200)
        #expect(try response.decode(TokenStateChangeResponse.self).state == .suspended)
        #expect(script.calls.list.withLock { $0 } == ["/token/suspend", "/search"])
    }

    @Test func aSuspensionHasLandedOnlyWhenTheIssuerHoldsTheToken() async throws {
        // Suspended, but by the cardholder alone: the issuer's suspend did not land.
        let script = try ScriptedMDES([
            "/token/suspend": (429, Self.unavailable, .zero),
            "/search": (200, Self.search("S", suspenders: ["C"]), .zero),
        ])
        let response = try await Self.suspend(through: script)
        #expect(response.status == 502)
        #expect(script.calls.list.withLock { $0 } == ["/token/suspend", "/search"])
    }
}
