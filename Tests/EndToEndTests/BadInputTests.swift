import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TPCDemo
import Testing

extension EndToEndTests {
    /// Every bad input gets its status and typed problem, and leaves no row
    /// behind in any table, the service's or the sandbox's.
    @Suite(.timeLimit(.minutes(10))) struct BadInputs {
        @Test(arguments: Store.allCases, BadInput.all)
        func badInputIsRefusedWithItsProblemAndWritesNothing(store: Store, input: BadInput) async throws {
            let deployment = try await Deployment.shared(store)
            let request = try await input.make(deployment)
            let before = try await deployment.rowCounts()
            let response = try await deployment.client.send(
                request.method, request.path, body: request.body, contentType: request.contentType,
                headers: request.headers)
            let after = try await deployment.rowCounts()
            #expect(response.status == input.status, "\(response.text)")
            #expect(response.problemType == input.type.rawValue, "\(response.text)")
            #expect(response.header("Content-Type")?.hasPrefix("application/problem+json") == true)
            #expect(after == before)
            #expect(before.count >= 13, "every service and sandbox table is counted")
        }

        /// The counting itself: a good request does move the counts.
        @Test(arguments: Store.allCases)
        func goodRequestWritesTheRowsTheCountsWatch(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let inputs = try await deployment.inputs()
            let before = try await deployment.rowCounts()
            _ = try await deployment.provision(inputs)
            let after = try await deployment.rowCounts()
            for table in ["provisioning_attempts", "used_authorization_codes", "used_nonces", "audit_events"] {
                #expect(after[table] == (before[table] ?? 0) + 1, "\(table)")
            }
        }

        @Test(arguments: Store.allCases)
        func thereAreAtLeastThirtyCases(store: Store) {
            #expect(BadInput.all.count >= 30)
            #expect(Set(BadInput.all.map(\.name)).count == BadInput.all.count)
        }
    }
}

extension BadInput {
    static let all: [BadInput] =
        provisioningFields + provisioningCodes + provisioningCrypto + cards + tenancy
        + notifications + sandbox

    static let provisioningFields: [BadInput] =
        ["scheme", "encryptedPayload", "authorizationCode", "certificateChain", "nonce", "nonceSignature"].map {
            field in
            provisioningJSON("missing \(field)", 422, .invalidField) { $0.removeValue(forKey: field) }
        } + [
            BadInput(name: "malformed JSON", status: 400, type: .malformedJSON) { deployment in
                RawRequest(path: try deployment.provisioningPath(), body: Data(#"{"scheme": "VISA", "nonce": "#.utf8))
            },
            BadInput(name: "empty body", status: 400, type: .malformedJSON) { deployment in
                RawRequest(path: try deployment.provisioningPath(), body: Data())
            },
            provisioningJSON("nonce of the wrong type", 422, .invalidField) { $0["nonce"] = 42 },
            // The schema is closed (additionalProperties: false): a member it does
            // not define is refused, not ignored — a CVV least of all.
            provisioningJSON("a top-level cvv member", 422, .invalidField) { $0["cvv"] = "000" },
            provisioningJSON("a member the contract does not define", 422, .invalidField) { $0["priority"] = 1 },
            provisioningJSON("certificateChain of the wrong type", 422, .invalidField) {
                $0["certificateChain"] = "not-an-array"
            },
            provisioningJSON("scheme of the wrong type", 422, .invalidField) { $0["scheme"] = ["VISA"] },
            provisioningJSON("scheme the issuer does not provision", 422, .unsupportedScheme) {
                $0["scheme"] = "NOTASCHEME"
            },
            provisioningJSON("scheme that is not a scheme name", 422, .invalidField) { $0["scheme"] = "not a scheme!" },
            provisioningJSON("nonce that is not base64", 422, .invalidField) { $0["nonce"] = "%%% not base64 %%%" },
            provisioningJSON("certificate that is not base64", 422, .invalidField) {
                $0["certificateChain"] = ["*** not base64 ***"]
            },
            provisioningJSON("oversized nonce", 422, .invalidField) {
                $0["nonce"] = Data(repeating: 7, count: 4096).base64EncodedString()
            },
            BadInput(name: "oversized body", status: 413, type: .bodyTooLarge) { deployment in
                let padding = String(repeating: "A", count: 2 * 1024 * 1024)
                // Asked first, as curl asks for large uploads: the service refuses
                // from the Content-Length and the body is never sent. Without it
                // the client may still be uploading when the service answers and
                // closes, and on a loaded machine it then meets a broken pipe
                // before it reads the 413.
                return RawRequest(
                    path: try deployment.provisioningPath(), body: Data(#"{"padding": "\#(padding)"}"#.utf8),
                    headers: ["Expect": "100-continue"])
            },
            BadInput(name: "not JSON media type", status: 415, type: .unsupportedMediaType) { deployment in
                let inputs = try await deployment.inputs()
                return RawRequest(
                    path: try deployment.provisioningPath(),
                    body: try JSONEncoder.provisioningAPI.encode(inputs.request),
                    contentType: "text/plain")
            },
        ]

    static let provisioningCodes: [BadInput] = [
        code("expired code", 401, .authorizationCodeExpired) { inputs, deployment in
            try deployment.issuer.code(
                scope: "provision", cardRef: inputs.cardRef, issuedAt: Date().addingTimeInterval(-400), lifetime: 200)
        },
        code("code issued in the future", 401, .authorizationCodeInvalid) { inputs, deployment in
            try deployment.issuer.code(
                scope: "provision", cardRef: inputs.cardRef, issuedAt: Date().addingTimeInterval(600), lifetime: 120)
        },
        code("code not valid before a future time", 401, .authorizationCodeInvalid) { inputs, deployment in
            try deployment.issuer.code(scope: "provision", cardRef: inputs.cardRef) {
                $0.notBefore = Date().addingTimeInterval(600)
            }
        },
        code("code living longer than five minutes", 401, .authorizationCodeInvalid) { inputs, deployment in
            try deployment.issuer.code(scope: "provision", cardRef: inputs.cardRef, lifetime: 900)
        },
        code("code for another audience", 401, .authorizationCodeInvalid) { inputs, deployment in
            try deployment.issuer.code(scope: "provision", cardRef: inputs.cardRef, audience: "someone-else")
        },
        code("code from another issuer", 401, .authorizationCodeInvalid) { inputs, deployment in
            try deployment.issuer.code(scope: "provision", cardRef: inputs.cardRef) { $0.issuer = "other-bank" }
        },
        code("code signed by another key", 401, .authorizationCodeInvalid) { inputs, deployment in
            try deployment.issuer.code(
                scope: "provision", cardRef: inputs.cardRef, signingKey: deployment.otherIssuer.codeKey)
        },
        code("code with alg none", 401, .authorizationCodeInvalid) { inputs, deployment in
            try deployment.issuer.unsignedCode(scope: "provision", cardRef: inputs.cardRef)
        },
        code("code without jti", 401, .authorizationCodeInvalid) { inputs, deployment in
            try deployment.issuer.code(scope: "provision", cardRef: inputs.cardRef) { $0.jwtID = nil }
        },
        code("code with the wrong scope", 403, .authorizationCodeScope) { inputs, deployment in
            try deployment.issuer.code(scope: "token:suspend", cardRef: inputs.cardRef)
        },
        code("code bound to another card reference", 403, .authorizationCodeScope) { inputs, deployment in
            try deployment.issuer.code(scope: "provision", cardRef: "another-card")
        },
        code("code bound to other last four digits", 403, .authorizationCodeScope) { inputs, deployment in
            try deployment.issuer.code(scope: "provision", panLastFour: "0000")
        },
        code("code bound to no card", 403, .authorizationCodeScope) { _, deployment in
            try deployment.issuer.code(scope: "provision")
        },
        BadInput(name: "replayed code", status: 401, type: .authorizationCodeReplayed) { deployment in
            let first = try await deployment.inputs()
            _ = try await deployment.provision(first)
            var second = try await deployment.inputs(device: first.device, cardRef: first.cardRef)
            second.request.authorizationCode = first.request.authorizationCode
            return RawRequest(
                path: try deployment.provisioningPath(), body: try JSONEncoder.provisioningAPI.encode(second.request))
        },
    ]

    static let provisioningCrypto: [BadInput] = [
        payload("payload that is not base64", 422, .payloadUndecryptable) { _, _ in "%%% not base64 %%%" },
        payload("truncated CMS", 422, .payloadUndecryptable) { inputs, _ in
            let der = [UInt8](Data(base64Encoded: inputs.request.encryptedPayload) ?? Data())
            return Data(der.prefix(der.count / 2)).base64EncodedString()
        },
        payload("CMS for another certificate", 422, .payloadUndecryptable) { inputs, deployment in
            try deployment.issuer.payload(
                pan: inputs.card.pan, expiration: inputs.card.expiry, name: inputs.cardholderName,
                cardRef: inputs.cardRef, for: deployment.otherIssuer.payloadCertificate)
        },
        BadInput(name: "CMS with RSA PKCS #1 v1.5 key transport", status: 422, type: .payloadUndecryptable) {
            deployment in
            // What `openssl cms -encrypt` does without -keyopt: refused before any
            // decryption, with the same answer as every other undecryptable payload.
            let inputs = try await deployment.inputs()
            var request = inputs.request
            request.encryptedPayload = try await Self.legacyPayload(
                inputs, certificate: deployment.issuer.payloadCertificate)
            return RawRequest(
                path: try deployment.provisioningPath(), body: try JSONEncoder.provisioningAPI.encode(request))
        },
        payload("payload carrying a CVV", 422, .payloadInvalid) { inputs, deployment in
            // Push provisioning never needs a CVV: the service refuses the member,
            // and the final scan checks the value went nowhere.
            let cvv = "4827"
            deployment.ledger.recordCVV(cvv)
            let json: [String: String] = [
                "primaryAccountNumber": inputs.card.pan, "expiration": inputs.card.expiry,
                "cardholderName": inputs.cardholderName, "cardReference": inputs.cardRef, "cvv": cvv,
            ]
            return CMSEnvelopedData.base64EncodedString(
                der: try CMSEnvelopedData.encrypt(
                    Array(try JSONEncoder().encode(json)), for: deployment.issuer.payloadCertificate))
        },
        payload("CMS holding no card JSON", 422, .payloadInvalid) { _, deployment in
            CMSEnvelopedData.base64EncodedString(
                der: try CMSEnvelopedData.encrypt(Array("[1, 2, 3]".utf8), for: deployment.issuer.payloadCertificate))
        },
        provisioning("chain to another root", 422, .certificateChainInvalid) { request, _, _ in
            request.certificateChain = try ForeignAuthority.make().chain.map { Data($0.derRepresentation) }
        },
        provisioning("chain in swapped order", 422, .certificateChainInvalid) { request, _, _ in
            request.certificateChain = request.certificateChain.reversed()
        },
        provisioning("chain whose leaf lacks the marker (the intermediate alone)", 422, .certificateChainInvalid) {
            request, _, _ in
            request.certificateChain = Array(request.certificateChain.suffix(1))
        },
        provisioning("chain without its intermediate", 422, .certificateChainInvalid) { request, _, _ in
            request.certificateChain = Array(request.certificateChain.prefix(1))
        },
        provisioning("certificate that is not DER", 422, .certificateChainInvalid) { request, _, _ in
            request.certificateChain[0] = Data("not a certificate".utf8)
        },
        BadInput(name: "reused nonce", status: 409, type: .nonceReplayed) { deployment in
            let first = try await deployment.inputs()
            _ = try await deployment.provision(first)
            var second = try await deployment.inputs(device: first.device)
            second.request.nonce = Data(first.nonce)
            second.request.nonceSignature = Data(first.nonceSignature)
            return RawRequest(
                path: try deployment.provisioningPath(), body: try JSONEncoder.provisioningAPI.encode(second.request))
        },
    ]

    static let cards: [BadInput] = [
        card("PAN failing the Luhn check", pan: "4761200000000016"),
        card("expired card", pan: "4761200000000015", expiration: "01/20"),
        card("expiry that is not MM/YY", pan: "4761200000000015", expiration: "2099-12"),
        card("PAN of another scheme than the request's", pan: "4761200000000015", scheme: "MASTERCARD"),
    ]

    static let tenancy: [BadInput] = [
        BadInput(name: "unknown issuer", status: 404, type: .unknownIssuer) { deployment in
            let inputs = try await deployment.inputs()
            return RawRequest(
                path: try deployment.provisioningPath(issuerId: "no-such-bank"),
                body: try JSONEncoder.provisioningAPI.encode(inputs.request))
        },
        suspend("another issuer's token", 404, .notFound, at: { $0.otherIssuer.issuerId }) {
            deployment, provisioned, pass in
            try deployment.otherIssuer.code(
                scope: "token:suspend", cardRef: provisioned.cardRef, tokenId: pass.deviceAccountIdentifier)
        },
        suspend("another issuer's code for this issuer's token", 401, .authorizationCodeInvalid) {
            deployment, provisioned, pass in
            try deployment.otherIssuer.code(
                scope: "token:suspend", cardRef: provisioned.cardRef, tokenId: pass.deviceAccountIdentifier)
        },
        suspend("lifecycle code bound to another token", 403, .authorizationCodeScope) { deployment, _, _ in
            try deployment.issuer.code(scope: "token:suspend", tokenId: "another-token")
        },
        suspend("lifecycle code with another action's scope", 403, .authorizationCodeScope) { deployment, _, pass in
            try deployment.issuer.code(scope: "token:delete", tokenId: pass.deviceAccountIdentifier)
        },
        lifecycle("card tokens with another issuer's code", 401, .authorizationCodeInvalid) {
            deployment, provisioned, _ in
            let code = try deployment.otherIssuer.code(scope: "tokens:read", cardRef: provisioned.cardRef)
            return RawRequest(
                method: "GET",
                path: deployment.path(
                    try APIPaths.cardTokens(issuerId: deployment.issuer.issuerId, cardRef: provisioned.cardRef)),
                headers: [APIHeaders.authorization: "Bearer \(code)"])
        },
        lifecycle("back office with another issuer's API key", 404, .unknownIssuer) { deployment, _, _ in
            RawRequest(
                method: "GET",
                path: deployment.path(try APIPaths.backOfficeTokens(issuerId: deployment.issuer.issuerId)),
                headers: [APIHeaders.authorization: "Bearer \(deployment.otherIssuer.backOfficeKey)"])
        },
        lifecycle("back-office state change with another issuer's API key", 404, .unknownIssuer) {
            deployment, _, pass in
            RawRequest(
                path: deployment.path(
                    try APIPaths.backOfficeTokenState(
                        issuerId: deployment.issuer.issuerId, tokenId: pass.deviceAccountIdentifier)),
                body: Data(#"{"action": "SUSPEND", "reason": "e2e"}"#.utf8),
                headers: [APIHeaders.authorization: "Bearer \(deployment.otherIssuer.backOfficeKey)"])
        },
    ]

    static let notifications: [BadInput] = [
        notification("unsigned network notification", 401, .notificationSignatureInvalid) { _, _ in nil },
        notification("stale network notification", 401, .notificationStale) { body, deployment in
            try deployment.issuer.notificationSignature(
                for: body, timestamp: Int64(Date().timeIntervalSince1970) - 3600)
        },
        notification("notification from the future", 401, .notificationStale) { body, deployment in
            try deployment.issuer.notificationSignature(
                for: body, timestamp: Int64(Date().timeIntervalSince1970) + 3600)
        },
        notification("notification signed with another issuer's secret", 401, .notificationSignatureInvalid) {
            body, deployment in
            try deployment.issuer.notificationSignature(
                for: body, timestamp: Int64(Date().timeIntervalSince1970),
                secret: deployment.otherIssuer.notificationSecret)
        },
        notification("notification with a garbled signature header", 401, .notificationSignatureInvalid) { _, _ in
            "t=abc,v1=zz"
        },
    ]

    static let sandbox: [BadInput] = [
        BadInput(name: "add pass with a nonce signed by another device", status: 422, type: .invalidField) {
            deployment in
            var inputs = try await deployment.inputs()
            let stranger = SimulatedDevice(id: "stranger", name: "stranger", key: try P256.PrivateKey())
            inputs.request.nonceSignature = Data(try stranger.sign(inputs.nonce))
            inputs.nonceSignature = [UInt8](inputs.request.nonceSignature)
            let provisioned = try await deployment.provision(inputs)
            return try addPassRequest(provisioned, deployment)
        },
        BadInput(name: "add pass with tampered pass data", status: 422, type: .invalidField) { deployment in
            let provisioned = try await deployment.provision(outcome: .approve)
            var request = try addPassRequest(provisioned, deployment)
            var body = try JSONDecoder.provisioningAPI.decode(SandboxPassRequest.self, from: request.body ?? Data())
            body.encryptedPassData[body.encryptedPassData.startIndex] ^= 0x01
            request.body = try JSONEncoder.provisioningAPI.encode(body)
            return request
        },
        BadInput(name: "add pass to an unknown device", status: 404, type: .notFound) { deployment in
            let provisioned = try await deployment.provision(outcome: .approve)
            var request = try addPassRequest(provisioned, deployment)
            request.path = deployment.path(try APIPaths.sandboxAddPass(deviceId: "no-such-device"))
            return request
        },
        BadInput(name: "add pass with another device's nonce", status: 422, type: .invalidField) { deployment in
            let provisioned = try await deployment.provision(outcome: .approve)
            let other = try await deployment.registerDevice(name: "Other iPhone")
            var request = try addPassRequest(provisioned, deployment)
            request.path = deployment.path(try APIPaths.sandboxAddPass(deviceId: other.id))
            return request
        },
        BadInput(name: "activate a pass with wrong activation data", status: 422, type: .invalidField) { deployment in
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .requireActivation)
            return RawRequest(
                path: deployment.path(
                    try APIPaths.sandboxActivatePass(deviceId: provisioned.device.id, serialNumber: pass.serialNumber)),
                body: try JSONEncoder.provisioningAPI.encode(
                    SandboxPassActivationRequest(activationData: Data(try SecureRandom.bytes(count: 48)))))
        },
    ]

    private static func addPassRequest(_ provisioned: Provisioned, _ deployment: Deployment) throws -> RawRequest {
        RawRequest(
            path: deployment.path(try APIPaths.sandboxAddPass(deviceId: provisioned.device.id)),
            body: try JSONEncoder.provisioningAPI.encode(
                SandboxPassRequest(
                    encryptedPassData: provisioned.response.encryptedPassData,
                    activationData: provisioned.response.activationData,
                    ephemeralPublicKey: provisioned.response.ephemeralPublicKey, nonce: Data(provisioned.nonce))))
    }
}

extension BadInput {
    /// The inputs' card JSON as `openssl cms -encrypt` makes it by default: RSA
    /// PKCS #1 v1.5 key transport, AES-256-CBC content.
    static func legacyPayload(_ inputs: ProvisioningInputs, certificate: Certificate) async throws -> String {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-pkcs1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let json: [String: String] = [
            "primaryAccountNumber": inputs.card.pan, "expiration": inputs.card.expiry,
            "cardholderName": inputs.cardholderName, "cardReference": inputs.cardRef,
        ]
        try JSONEncoder().encode(json).write(to: work.appendingPathComponent("card.json"))
        try Data(certificate.pemRepresentation.utf8).write(to: work.appendingPathComponent("cert.pem"))
        let result = try await ChildProcess.run(
            [
                "openssl", "cms", "-encrypt", "-binary", "-aes256", "-in", "card.json", "-recip", "cert.pem",
                "-outform", "DER", "-out", "message.der",
            ], directory: work.path, timeout: .seconds(60))
        guard result.exit == .exited(0) else {
            throw FlowFailure(description: "openssl cms -encrypt failed: \(result.errorText)")
        }
        let der = [UInt8](try Data(contentsOf: work.appendingPathComponent("message.der")))
        return CMSEnvelopedData.base64EncodedString(der: der)
    }
}
