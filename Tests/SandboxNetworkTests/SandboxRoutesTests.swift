import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import SandboxNetwork
import Testing

@Suite(.timeLimit(.minutes(10))) struct SandboxRoutesTests {
    static let decoder = JSONDecoder.provisioningAPI

    @Test func deviceFlowRunsOverHTTP() async throws {
        try await SandboxEnvironment.with { env in
            let base = env.baseURL + "/v1/sandbox"
            let key = try P256.PrivateKey()
            let registered = try await HTTPClient.send(
                "POST", base + "/devices",
                json: SandboxDeviceRegistrationRequest(
                    kind: .iPhone, name: "HTTP iPhone", publicKey: Data(key.publicKey.x963Representation)))
            #expect(registered.status == 201)
            let deviceId = try Self.decoder.decode(SandboxDeviceRegistrationResponse.self, from: registered.body)
                .deviceId

            let certificates = try await HTTPClient.send("GET", base + "/certificates")
            #expect(certificates.status == 200)
            let chain = try Self.decoder.decode(SandboxCertificateChain.self, from: certificates.body)
            #expect(chain.certificateChain.map { [UInt8]($0) } == env.sandbox.certificateChain.map(\.derRepresentation))
            #expect(chain.rootCertificate.map { [UInt8]($0) } == env.sandbox.trustRoot.derRepresentation)

            let issued = try await HTTPClient.send("POST", base + "/devices/\(deviceId)/nonces")
            #expect(issued.status == 201)
            let nonce = try Self.decoder.decode(SandboxNonce.self, from: issued.body)

            let request = try env.addRequest(
                card: try env.card(.requireActivation), nonce: [UInt8](nonce.nonce), signedBy: key)
            let added = try await HTTPClient.send("POST", base + "/devices/\(deviceId)/passes", json: request)
            #expect(added.status == 201)
            let pass = try Self.decoder.decode(SandboxPass.self, from: added.body)
            #expect(pass.activationState == .requiresActivation)

            let activated = try await HTTPClient.send(
                "POST", base + "/devices/\(deviceId)/passes/\(pass.serialNumber)/activate",
                json: SandboxPassActivationRequest(activationData: request.activationData))
            #expect(activated.status == 200)

            let listed = try await HTTPClient.send("GET", base + "/devices/\(deviceId)/passes")
            let passes = try Self.decoder.decode(SandboxPassList.self, from: listed.body).passes
            #expect(passes.map(\.activationState) == [.activated])
            #expect(env.receiver.received.map(\.notification.event) == [.created, .activated])

            let cards = try await HTTPClient.send("GET", base + "/test-cards")
            let list = try Self.decoder.decode(SandboxTestCardsResponse.self, from: cards.body)
            #expect(list.cards.count == SandboxTestCards.all(now: env.clock.now).count)
            #expect(list.cards.contains { $0.outcome == .decline && $0.scheme == .visa })
        }
    }

    @Test func failuresAreProblemDocuments() async throws {
        try await SandboxEnvironment.with { env in
            let base = env.baseURL + "/v1/sandbox"
            let phone = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            let declined = try env.addRequest(card: try env.card(.decline), nonce: nonce, signedBy: phone.key)
            let cases: [(String, String, Data?, Int, ProblemType)] = [
                ("POST", "/devices/nobody/nonces", nil, 404, .notFound),
                ("GET", "/devices/nobody/passes", nil, 404, .notFound),
                ("POST", "/devices", Data("not json".utf8), 400, .malformedJSON),
                ("POST", "/devices", Data(#"{"kind":"IPHONE","name":"x"}"#.utf8), 422, .invalidField),
                (
                    "POST", "/devices", Data(#"{"kind":"TOASTER","name":"x","publicKey":"AA=="}"#.utf8), 422,
                    .invalidField
                ),
                (
                    "POST", "/devices/\(phone.id)/passes", try JSONEncoder.provisioningAPI.encode(declined), 422,
                    .declined
                ),
                (
                    "POST", "/devices/\(phone.id)/passes/unknown/activate", Data(#"{"activationData":"AA=="}"#.utf8),
                    404, .notFound
                ),
            ]
            for (method, path, body, status, type) in cases {
                let response = try await HTTPClient.send(method, base + path, rawBody: body)
                #expect(response.status == status, "\(method) \(path)")
                #expect(response.contentType == ProblemDetails.contentType)
                let problem = try Self.decoder.decode(ProblemDetails.self, from: response.body)
                #expect(problem.type == type, "\(method) \(path)")
                #expect(problem.requestId?.isEmpty == false)
            }
        }
    }

    @Test func onlyTheFlowARoutesAreMounted() {
        #expect(Sandbox.routes.allSatisfy { $0.pattern.hasPrefix("/v1/sandbox/") })
        #expect(Sandbox.routes.contains(.sandboxPayments))
        #expect(Sandbox.routes.contains(.sandboxActivationCode))
        #expect(Sandbox.routes.contains(.sandboxLostMode))
        #expect(Sandbox.routes.count == 10)
    }
}
