import Foundation
import MastercardMDES
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningService
import Synchronization
import TPCDemo
import TestSupport
import Testing

/// The connector against a scripted Customer Service API on loopback: how it
/// signs, maps Mastercard's errors, retries reads and learns the effect of a
/// change whose answer was lost.
@Suite(.timeLimit(.minutes(3))) struct MDESConnectorTests {
    static let signingKey = Result { try RSA.PrivateKey(bits: 2048) }
    static let tavKey = Result { try RSA.PrivateKey(bits: 2048) }
    static let reference = "DWSPMC000000000132d72d4fcb2f4136a0532d3093ff1a45"

    /// What the scripted MDES answers for an operation, and what it saw.
    final class Script: Sendable {
        let answers: Mutex<[String: [(status: Int, body: String, delay: Duration)]]>
        let seen = Mutex<[(path: String, verified: Bool, body: [UInt8])]>([])
        /// What it answered, in the order of ``seen``.
        let answered = Mutex<[(status: Int, body: String)]>([])
        let verifier: OAuthVerifier

        init(_ answers: [String: [(Int, String, Duration)]]) throws {
            self.answers = Mutex(answers.mapValues { $0.map { (status: $0.0, body: $0.1, delay: $0.2) } })
            verifier = OAuthVerifier(consumers: ["consumer!bank": try MDESConnectorTests.signingKey.get().publicKey])
        }

        func handle(_ request: HTTPRequest, port: Int) async throws -> HTTPResponse {
            let url = URL(string: "http://127.0.0.1:\(port)\(request.path)")!
            let verified =
                (try? verifier.verify(
                    authorization: request.headers["Authorization"], method: request.method.rawValue, url: url,
                    body: request.body, now: Date())) != nil
            seen.withLock { $0.append((request.path, verified, request.body)) }
            let next = answers.withLock { answers -> (status: Int, body: String, delay: Duration)? in
                guard var queue = answers[request.path], !queue.isEmpty else { return nil }
                let first = queue.count > 1 ? queue.removeFirst() : queue[0]
                answers[request.path] = queue
                return first
            }
            guard let next else {
                answered.withLock { $0.append((404, MDESConnectorTests.notScripted)) }
                return HTTPResponse(status: .notFound, body: Array(MDESConnectorTests.notScripted.utf8))
            }
            answered.withLock { $0.append((next.status, next.body)) }
            // Only a real delay waits: a sleep's wake-up runs on the cooperative
            // pool, which a loaded suite can keep busy past the client's timeout.
            if next.delay > .zero { try await Task.sleep(for: next.delay) }
            var headers = HTTPHeaders()
            headers["Content-Type"] = "application/json"
            return HTTPResponse(
                status: HTTPStatus(rawValue: next.status), headers: headers, body: Array(next.body.utf8))
        }
    }

    /// Every request the connector sent to `script` and every answer it got
    /// (or would have, for a lost one) is valid against Mastercard's published
    /// schemas (`Tests/Interop/mdes/schema_check.py`), as in the end-to-end flow.
    static func expectSchemaValid(_ script: Script) async throws {
        let seen = script.seen.withLock { $0 }
        let answered = script.answered.withLock { $0 }
        let exchanges = zip(seen, answered).map { request, answer -> [String: Any] in
            [
                "operation": request.path.hasSuffix("/search")
                    ? "search" : String(request.path.split(separator: "/").last ?? ""),
                "request": (try? JSONSerialization.jsonObject(with: Data(request.body))) ?? [:],
                "status": answer.status,
                "response": (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))) ?? [:],
            ]
        }
        let (valid, answer) = try await InteropPython.check("mdes/schema_check.py", input: ["exchanges": exchanges])
        #expect(valid, "schema_check.py: \(answer)")
        #expect(answer["checked"] as? Int == seen.count && !seen.isEmpty)
    }

    static func search(_ status: String, suspenders: [String]? = nil) -> String {
        let held = suspenders.map { #","Suspenders":{"Suspender":["\#($0.joined(separator: #"",""#))"]}"# } ?? ""
        return """
            {"SearchResponse":{"Accounts":{"Account":[{"AccountPanSuffix":"0012","Tokens":{"Token":[{\
            "TokenUniqueReference":"\(reference)","CurrentStatusCode":"\(status)","TokenSuffix":"7639",\
            "ExpirationDate":"0229","TokenRequestorId":"40010030273",\
            "Device":{"DeviceId":"device-1","DeviceName":"Ada's Watch","DeviceType":"03"}\(held)}]}}]}}}
            """
    }

    static let changed = #"{"TokenSuspendResponse":{"Token":{"TokenUniqueReference":"\#(reference)"}}}"#

    static let notScripted = errors("NOT_SCRIPTED")

    static func errors(_ reason: String) -> String {
        #"{"Errors":{"Error":[{"Source":"TokenUniqueReference","ReasonCode":"\#(reason)","Description":"…","Recoverable":"false"}]}}"#
    }

    /// Runs `body` with a connector to `script`. `timeoutSeconds` is short
    /// only where a test makes an answer late; elsewhere it leaves room for a
    /// loaded machine.
    static func withConnector(
        _ script: Script, timeoutSeconds: Int = 10, signingKeySource: MDESSigningKeySource? = nil,
        environment: [String: String] = [:], _ body: (MDESConnector) async throws -> Void
    ) async throws {
        let port = Mutex(0)
        var router = Router()
        for path in ["/mdes/csapi/v2/search", "/mdes/csapi/v2/token/suspend", "/mdes/csapi/v2/token/unsuspend"] {
            router.post(path) { request in try await script.handle(request, port: port.withLock { $0 }) }
        }
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, threadPoolSize: 2), router: router)
        try server.start()
        port.withLock { $0 = server.port }
        let settings = IssuerSettings(
            id: "bank-1", name: "Bank One", authorizationCodeKeys: .object([:]),
            payloadKey: PayloadKeyConfiguration(privateKey: .inline(""), certificate: .inline("")),
            allowedSchemes: [.mastercard], tokenRequestorIds: ["40010030273"], notificationSecret: .value("a"),
            fingerprintSecret: .value("b"), activationDataSecret: .value("c"))
        let mdes = MDESSettings(
            baseURL: nil, consumerKey: "consumer!bank",
            signingKey: try signingKeySource ?? .pem(.inline(try signingKey.get().pemRepresentation)),
            tavKey: .inline(try tavKey.get().pemRepresentation), timeoutSeconds: timeoutSeconds)
        let endpoint = MDESEndpoint(baseURL: URL(string: "http://127.0.0.1:\(server.port)/mdes/csapi/v2")!)
        do {
            try await body(
                try MDESConnector(issuer: settings, mdes: mdes, endpoint: endpoint, environment: environment))
        } catch {
            await server.shutdown(gracePeriod: .seconds(1))
            throw error
        }
        await server.shutdown(gracePeriod: .seconds(1))
    }

    static func suspend() -> TokenStateChangeCommand {
        TokenStateChangeCommand(
            issuerId: "bank-1", tokenId: reference, action: .suspend, tokenRequestorId: "40010030273",
            idempotencyKey: "k", scheme: .mastercard, requestedBy: .backOffice, reason: "Lost phone")
    }

    @Test func aChangeIsSignedThenReadBackWithASearch() async throws {
        let script = try Script([
            "/mdes/csapi/v2/token/suspend": [(200, Self.changed, .zero)],
            "/mdes/csapi/v2/search": [(200, Self.search("S"), .zero)],
        ])
        try await Self.withConnector(script) { connector in
            let token = try await connector.changeTokenState(Self.suspend())
            #expect(token.state == .suspended)
            #expect(token.tokenSuffix == "7639" && token.tokenExpiry == "02/29" && token.panSuffix == "0012")
            #expect(token.device?.type == .watch)
        }
        let seen = script.seen.withLock { $0 }
        #expect(seen.map { $0.path } == ["/mdes/csapi/v2/token/suspend", "/mdes/csapi/v2/search"])
        #expect(seen.allSatisfy { $0.verified })
        let request = try #require(
            try JSONSerialization.jsonObject(with: Data(seen[0].body)) as? [String: [String: Any]])
        let message = try #require(request["TokenSuspendRequest"])
        #expect(message["ReasonCode"] as? String == "Z")
        #expect(message["CommentText"] as? String == "Lost phone")
        #expect((message["AuditInfo"] as? [String: Any])?["Organization"] as? String == "Bank One")
        try await Self.expectSchemaValid(script)
    }

    @Test func mastercardsErrorsBecomeTheNetworkCodesWithTheirReason() async throws {
        let script = try Script([
            "/mdes/csapi/v2/token/suspend": [
                (404, Self.errors("TOKEN_NOT_FOUND"), .zero), (400, Self.errors("INVALID_TOKEN_STATUS"), .zero),
            ]
        ])
        try await Self.withConnector(script) { connector in
            await #expect { try await connector.changeTokenState(Self.suspend()) } throws: {
                ($0 as? ServiceError)?.code == .networkUnknownToken
            }
            await #expect { try await connector.changeTokenState(Self.suspend()) } throws: {
                let error = $0 as? ServiceError
                return error?.code == .networkRejected && error?.detail.contains("INVALID_TOKEN_STATUS") == true
            }
        }
        try await Self.expectSchemaValid(script)
    }

    @Test func aSearchIsRetriedAfterAServerErrorAndAnEmptyOneIsNoToken() async throws {
        let script = try Script([
            "/mdes/csapi/v2/search": [
                (503, Self.errors("SYSTEM_ERROR"), .zero), (200, Self.search("A"), .zero),
                (200, #"{"SearchResponse":{"Accounts":{"Account":[]}}}"#, .zero),
            ]
        ])
        try await Self.withConnector(script) { connector in
            let token = try await connector.token(issuerId: "bank-1", tokenId: Self.reference, scheme: .mastercard)
            #expect(token?.state == .active)
            #expect(try await connector.token(issuerId: "bank-1", tokenId: Self.reference, scheme: .mastercard) == nil)
        }
        #expect(script.seen.withLock { $0.count } == 3)
        try await Self.expectSchemaValid(script)
    }

    @Test func aChangeWhoseAnswerWasLostIsReportedByWhatASearchSays() async throws {
        let landed = try Script([
            "/mdes/csapi/v2/token/suspend": [(200, Self.changed, .seconds(3))],
            "/mdes/csapi/v2/search": [(200, Self.search("S"), .zero)],
        ])
        try await Self.withConnector(landed, timeoutSeconds: 1) { connector in
            let token = try await connector.changeTokenState(Self.suspend())
            #expect(token.state == .suspended)
        }
        let lost = try Script([
            "/mdes/csapi/v2/token/suspend": [(200, Self.changed, .seconds(3))],
            "/mdes/csapi/v2/search": [(200, Self.search("A"), .zero)],
        ])
        try await Self.withConnector(lost, timeoutSeconds: 1) { connector in
            await #expect { try await connector.changeTokenState(Self.suspend()) } throws: {
                ($0 as? ServiceError)?.code == .networkUnavailable
            }
        }
        // Sent once: a change is never repeated blindly.
        #expect(lost.seen.withLock { $0.filter { $0.path.hasSuffix("/suspend") }.count } == 1)
        try await Self.expectSchemaValid(landed)
        try await Self.expectSchemaValid(lost)
    }

    @Test func aServerErrorOrRateLimitAnsweringAChangeIsReadBackNotRepeated() async throws {
        let landed = try Script([
            "/mdes/csapi/v2/token/suspend": [(503, Self.errors("SYSTEM_ERROR"), .zero)],
            "/mdes/csapi/v2/search": [(200, Self.search("S", suspenders: ["I"]), .zero)],
        ])
        try await Self.withConnector(landed) { connector in
            let token = try await connector.changeTokenState(Self.suspend())
            #expect(token.state == .suspended)
        }
        #expect(landed.seen.withLock { $0.map(\.path) } == ["/mdes/csapi/v2/token/suspend", "/mdes/csapi/v2/search"])

        // Suspended by the cardholder alone: the issuer's suspend did not land.
        let refused = try Script([
            "/mdes/csapi/v2/token/suspend": [(429, Self.errors("RATE_LIMIT_EXCEEDED"), .zero)],
            "/mdes/csapi/v2/search": [(200, Self.search("S", suspenders: ["C"]), .zero)],
        ])
        try await Self.withConnector(refused) { connector in
            await #expect { try await connector.changeTokenState(Self.suspend()) } throws: {
                ($0 as? ServiceError)?.code == .networkUnavailable
            }
        }
        #expect(
            refused.seen.withLock { $0.map(\.path) } == ["/mdes/csapi/v2/token/suspend", "/mdes/csapi/v2/search"])
        try await Self.expectSchemaValid(landed)
        try await Self.expectSchemaValid(refused)
    }

    /// The signing key as Mastercard's developer portal hands it out: a
    /// PKCS #12 file (made here by the `openssl` command line), its password
    /// in the environment variable the settings name.
    @Test func aPKCS12SigningKeySignsCallsThatVerifyWithItsCertificatesKey() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mdes-p12-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(try Self.signingKey.get().pemRepresentation.utf8).write(
            to: directory.appendingPathComponent("key.pem"))
        for command in [
            ["req", "-x509", "-new", "-key", "key.pem", "-subj", "/CN=MDES signing", "-days", "1", "-out", "cert.pem"],
            [
                "pkcs12", "-export", "-inkey", "key.pem", "-in", "cert.pem", "-out", "signing.p12", "-passout",
                "env:PP_TEST_P12",
            ],
        ] {
            let result = try await ChildProcess.run(
                ["openssl"] + command, environment: ["PP_TEST_P12": "portal-password"], directory: directory.path)
            #expect(result.exit == .exited(0), "openssl \(command[0]): \(result.errorText)")
        }
        let source = MDESSigningKeySource.pkcs12(
            file: directory.appendingPathComponent("signing.p12"), passwordVariable: "BANK_MDES_P12_PASSWORD")
        let script = try Script([
            "/mdes/csapi/v2/token/suspend": [(200, Self.changed, .zero)],
            "/mdes/csapi/v2/search": [(200, Self.search("S", suspenders: ["I"]), .zero)],
        ])
        try await Self.withConnector(
            script, signingKeySource: source, environment: ["BANK_MDES_P12_PASSWORD": "portal-password"]
        ) { connector in
            _ = try await connector.changeTokenState(Self.suspend())
        }
        #expect(script.seen.withLock { $0.map(\.verified) } == [true, true])

        // Without its password the key is unusable, and the connector says so.
        await #expect {
            try await Self.withConnector(script, signingKeySource: source, environment: [:]) { _ in }
        } throws: { ($0 as? MDESError)?.code == .keyUnusable }
    }
}
