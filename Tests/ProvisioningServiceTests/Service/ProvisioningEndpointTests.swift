import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningService
import Testing

@Suite(.serialized, .timeLimit(.minutes(3))) struct ProvisioningEndpointTests {
    @Test func successfulProvisioningEncryptsTheCardForTheLeaf() async throws {
        let harness = try await ServiceHarness()
        let request = try harness.provisioningRequest()
        let response = try await harness.provision(request)
        #expect(response.status == 200)
        let body = try response.decode(ApplePayProvisioningResponse.self)
        let sealed = ApplePayEncryptedPassData(
            encryptedPassData: Array(body.encryptedPassData),
            ephemeralPublicKey: Array(try #require(body.ephemeralPublicKey)))
        let passData = try ApplePayECCV2.decryptPassData(sealed, leafPrivateKey: harness.chain.leafKey)
        #expect(passData.primaryAccountNumber == TestCard.pan)
        #expect(passData.expiration == "12/29")
        #expect(passData.name == "Ada Lovelace")
        #expect(passData.nonce == Array(request.nonce))
        #expect(passData.nonceSignature == Array(request.nonceSignature))
        #expect(body.activationData.count == ActivationData.byteCount)
        #expect(body.provisioningId.count == 32)
        #expect(response.headers["x-request-id"]?.isEmpty == false)
        let counts = try await harness.rowCounts()
        #expect(counts["provisioning_attempts"] == 1)
        #expect(counts["used_authorization_codes"] == 1)
        #expect(counts["used_nonces"] == 1)
        #expect(counts["audit_events"] == 1)
        let stored = try await harness.database.queryFirst(
            "SELECT pan_fingerprint, pan_last_four FROM provisioning_attempts")
        #expect(try stored?.decode(String.self, column: "pan_last_four") == TestCard.lastFour)
        #expect(try stored?.decode(String.self, column: "pan_fingerprint").count == 64)
        #expect(!harness.logLines.joined().contains(TestCard.pan))
        await harness.stop()
    }

    /// A refused request: how to break it, and what the client must see.
    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let status: Int
        let type: ProblemType
        let make: @Sendable (ServiceHarness) throws -> ApplePayProvisioningRequest
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "expired code", status: 401, type: .authorizationCodeExpired) { h in
            try h.provisioningRequest(
                code: h.bank.code(now: h.now) { claims in
                    claims.issuedAt = h.now.addingTimeInterval(-400)
                    claims.expiresAt = h.now.addingTimeInterval(-200)
                })
        },
        Refusal(name: "wrong audience", status: 401, type: .authorizationCodeInvalid) { h in
            try h.provisioningRequest(code: h.bank.code(now: h.now, audience: "https://elsewhere"))
        },
        Refusal(name: "wrong issuer", status: 401, type: .authorizationCodeInvalid) { h in
            try h.provisioningRequest(code: h.bank.code(now: h.now) { $0.issuer = "bank-2" })
        },
        Refusal(name: "other issuer's key", status: 401, type: .authorizationCodeInvalid) { h in
            try h.provisioningRequest(code: h.otherBank.code(now: h.now) { $0.issuer = "bank-1" })
        },
        Refusal(name: "alg none", status: 401, type: .authorizationCodeInvalid) { h in
            let header = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))
            let signed = try h.bank.code(now: h.now)
            let payload = signed.split(separator: ".")[1]
            return try h.provisioningRequest(code: "\(header).\(payload).")
        },
        Refusal(name: "lifetime too long", status: 401, type: .authorizationCodeInvalid) { h in
            try h.provisioningRequest(
                code: h.bank.code(now: h.now) { $0.expiresAt = h.now.addingTimeInterval(3600) })
        },
        Refusal(name: "wrong scope", status: 403, type: .authorizationCodeScope) { h in
            try h.provisioningRequest(code: h.bank.code(scope: "token:suspend", now: h.now))
        },
        Refusal(name: "wrong card", status: 403, type: .authorizationCodeScope) { h in
            try h.provisioningRequest(code: h.bank.code(now: h.now, cardRef: "card-9"))
        },
        Refusal(name: "wrong last four", status: 403, type: .authorizationCodeScope) { h in
            try h.provisioningRequest(code: h.bank.code(now: h.now, cardRef: nil, panLastFour: "9999"))
        },
        Refusal(name: "truncated payload", status: 422, type: .payloadUndecryptable) { h in
            let payload = try h.bank.payload()
            return try h.provisioningRequest(payload: String(payload.prefix(payload.count / 2 / 4 * 4)))
        },
        Refusal(name: "foreign payload", status: 422, type: .payloadUndecryptable) { h in
            try h.provisioningRequest(payload: h.bank.payload(for: h.otherBank.payloadCertificate))
        },
        Refusal(name: "Luhn failure", status: 422, type: .payloadInvalid) { h in
            try h.provisioningRequest(payload: h.bank.payload(pan: "4111111111111112"))
        },
        Refusal(name: "expired card", status: 422, type: .payloadInvalid) { h in
            try h.provisioningRequest(payload: h.bank.payload(expiration: "01/25"))
        },
        Refusal(name: "chain with another root", status: 422, type: .certificateChainInvalid) { h in
            try h.provisioningRequest(chain: AppleChain().presented)
        },
        Refusal(name: "chain in the wrong order", status: 422, type: .certificateChainInvalid) { h in
            try h.provisioningRequest(chain: h.chain.presented.reversed())
        },
        Refusal(name: "leaf without marker", status: 422, type: .certificateChainInvalid) { h in
            let unmarked = try AppleChain(leafMarker: false)
            return try h.provisioningRequest(chain: unmarked.presented)
        },
    ]

    @Test(arguments: refusals) func refusedRequestWritesNothing(_ refusal: Refusal) async throws {
        let harness = try await ServiceHarness()
        let before = try await harness.rowCounts()
        let response = try await harness.provision(try refusal.make(harness))
        #expect(response.status == refusal.status)
        #expect(response.problem?.type == refusal.type)
        #expect(response.problem?.requestId == response.headers["x-request-id"])
        #expect(try await harness.rowCounts() == before)
        #expect(!String(decoding: response.body, as: UTF8.self).contains(TestCard.pan))
        await harness.stop()
    }

    @Test func refusedChainsFromAnotherRootAreRefusedEvenWhenTheTrustedOneWasCached() async throws {
        let harness = try await ServiceHarness()
        #expect(try await harness.provision(try harness.provisioningRequest()).status == 200)
        let foreign = try await harness.provision(try harness.provisioningRequest(chain: AppleChain().presented))
        #expect(foreign.problem?.type == .certificateChainInvalid)
        await harness.stop()
    }

    @Test func replayedCodeIsRefusedAndWritesNothing() async throws {
        let harness = try await ServiceHarness()
        let code = try harness.bank.code(now: harness.now)
        #expect(try await harness.provision(try harness.provisioningRequest(code: code)).status == 200)
        let before = try await harness.rowCounts()
        let replay = try await harness.provision(try harness.provisioningRequest(code: code))
        #expect(replay.status == 401)
        #expect(replay.problem?.type == .authorizationCodeReplayed)
        #expect(try await harness.rowCounts() == before)
        await harness.stop()
    }

    @Test func reusedNonceIsRefusedAndWritesNothing() async throws {
        let harness = try await ServiceHarness()
        let nonce = Data([1, 2, 3, 4, 5, 6, 7, 8])
        #expect(try await harness.provision(try harness.provisioningRequest(nonce: nonce)).status == 200)
        let before = try await harness.rowCounts()
        let replay = try await harness.provision(try harness.provisioningRequest(nonce: nonce))
        #expect(replay.status == 409)
        #expect(replay.problem?.type == .nonceReplayed)
        #expect(try await harness.rowCounts() == before)
        await harness.stop()
    }

    @Test func unknownIssuerIsNotFound() async throws {
        let harness = try await ServiceHarness()
        let response = try await harness.provision(try harness.provisioningRequest(), issuerId: "bank-404")
        #expect(response.status == 404)
        #expect(response.problem?.type == .unknownIssuer)
        await harness.stop()
    }

    @Test func malformedBodiesNameTheFieldWithoutItsValue() async throws {
        let harness = try await ServiceHarness()
        let path = "/v1/issuers/bank-1/applepay/provisioning"
        let broken = try await harness.send("POST", path, body: Data("{".utf8))
        #expect(broken.status == 400)
        #expect(broken.problem?.type == .malformedJSON)
        var object = try #require(
            JSONSerialization.jsonObject(
                with: JSONEncoder.provisioningAPI.encode(try harness.provisioningRequest())) as? [String: Any])
        object["nonce"] = "@@not-base64@@"
        let badBase64 = try await harness.send("POST", path, body: try JSONSerialization.data(withJSONObject: object))
        #expect(badBase64.status == 422)
        #expect(badBase64.problem?.errors == [FieldProblem(field: "/nonce", reason: .invalidBase64)])
        #expect(!String(decoding: badBase64.body, as: UTF8.self).contains("not-base64"))
        object["nonce"] = nil
        let missing = try await harness.send("POST", path, body: try JSONSerialization.data(withJSONObject: object))
        #expect(missing.problem?.errors == [FieldProblem(field: "/nonce", reason: .missing)])
        #expect(try await harness.rowCounts().values.allSatisfy { $0 == 0 })
        await harness.stop()
    }
}
