import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Testing

extension EndToEndTests {
    /// Replays the bad-input and wallet suites do not already send: codes of
    /// the lifecycle, token-list and wallet-registration scopes used twice
    /// where the second use would otherwise be legal, a validly signed network
    /// notification sent again after the state moved on, and an add-pass
    /// request (Apple's nonce) sent twice. Each is refused and changes nothing.
    @Suite(.timeLimit(.minutes(10))) struct Replay {
        @Test(arguments: Store.allCases)
        func lifecycleAndTokenListCodesWorkOnce(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve)
            let tokenId = pass.deviceAccountIdentifier
            let scheme = provisioned.card.scheme
            let issuer = deployment.issuer

            func send(_ action: TokenLifecycleAction, code: String) async throws -> WireResponse {
                try await deployment.client.post(
                    deployment.path(try APIPaths.tokenState(issuerId: issuer.issuerId, tokenId: tokenId)),
                    json: TokenStateChangeRequest(
                        action: action, tokenRequestorId: Deployment.applePayTokenRequestorId, scheme: scheme,
                        authorizationCode: code))
            }
            func code(_ action: TokenLifecycleAction) throws -> String {
                try issuer.code(scope: "token:\(action.rawValue.lowercased())", tokenId: tokenId)
            }
            func state() async throws -> TokenStatus? {
                try await deployment.tokens(ofCard: provisioned.cardRef).first?.state
            }

            // Suspend, resume, then the suspend code again: legal as a move, refused as a replay.
            let suspend = try code(.suspend)
            #expect(try await send(.suspend, code: suspend).status == 200)
            let resume = try code(.resume)
            #expect(try await send(.resume, code: resume).status == 200)
            try await expectRefusedReplay(deployment, "token:suspend") { try await send(.suspend, code: suspend) }
            #expect(try await state() == .active)
            #expect(try await send(.suspend, code: try code(.suspend)).status == 200)
            try await expectRefusedReplay(deployment, "token:resume") { try await send(.resume, code: resume) }
            #expect(try await state() == .suspended)

            // tokens:read: the list once per code.
            let read = try issuer.code(scope: "tokens:read", cardRef: provisioned.cardRef)
            let path = deployment.path(try APIPaths.cardTokens(issuerId: issuer.issuerId, cardRef: provisioned.cardRef))
            let bearer = [APIHeaders.authorization: "Bearer \(read)"]
            #expect(try await deployment.client.get(path, headers: bearer).status == 200)
            try await expectRefusedReplay(deployment, "tokens:read") {
                try await deployment.client.get(path, headers: bearer)
            }

            // delete: a second delete is illegal anyway; the replay changes nothing either way.
            let delete = try code(.delete)
            #expect(try await send(.delete, code: delete).status == 200)
            let replayed = try await unchanged(deployment) { try await send(.delete, code: delete) }
            #expect([401, 409].contains(replayed.status))
            #expect(try await state() == .deleted)
        }

        @Test(arguments: Store.allCases)
        func activationCodeWorksOnce(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .requireActivation)
            let tokenId = pass.deviceAccountIdentifier
            let request = TokenStateChangeRequest(
                action: .activate, tokenRequestorId: Deployment.applePayTokenRequestorId,
                scheme: provisioned.card.scheme,
                authorizationCode: try deployment.issuer.code(scope: "token:activate", tokenId: tokenId))
            let path = deployment.path(try APIPaths.tokenState(issuerId: deployment.issuer.issuerId, tokenId: tokenId))
            let first = try await deployment.client.post(path, json: request)
            #expect(first.status == 200, "\(first.text)")
            let replayed = try await unchanged(deployment) { try await deployment.client.post(path, json: request) }
            #expect([401, 409].contains(replayed.status))
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).first?.state == .active)
        }

        @Test(arguments: Store.allCases)
        func walletRegistrationCodeWorksOnce(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let userId = "user-replay-" + Hex.encode(try SecureRandom.bytes(count: 4))
            let request = WalletRegistrationRequest(
                userId: userId, deviceName: "Replay",
                publicKey: Data(try P256.PrivateKey().publicKey.x963Representation),
                authorizationCode: try deployment.issuer.code(scope: "wallet:register") { $0.subject = userId })
            let path = deployment.path(try APIPaths.walletRegistration(issuerId: deployment.issuer.issuerId))
            #expect(try await deployment.client.post(path, json: request).status == 201)
            try await expectRefusedReplay(deployment, "wallet:register") {
                try await deployment.client.post(path, json: request)
            }
        }

        /// A signed notification is applied once: sent again (inside its
        /// window, signature and all) after the issuer resumed the token, it
        /// is acknowledged as a duplicate and does not suspend the token again.
        @Test(arguments: Store.allCases)
        func signedNotificationAppliesOnce(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve)
            let tokenId = pass.deviceAccountIdentifier
            let body = try JSONEncoder.provisioningAPI.encode(
                TokenEventNotification(
                    eventId: "replay-\(UUID().uuidString)", issuerId: deployment.issuer.issuerId, tokenId: tokenId,
                    event: .suspended, state: .suspended, occurredAt: Date()))
            let headers = [
                APIHeaders.notificationSignature: try deployment.issuer.notificationSignature(
                    for: body, timestamp: Int64(Date().timeIntervalSince1970))
            ]
            let path = deployment.path(try APIPaths.networkNotification(network: provisioned.card.scheme))
            let first = try await deployment.client.send("POST", path, body: body, headers: headers)
            #expect(first.status == 202)
            #expect(try first.decode(TokenEventReceipt.self).duplicate == false)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).first?.state == .suspended)
            // The network resumes the token later; then the first event comes again.
            let resumedBody = try JSONEncoder.provisioningAPI.encode(
                TokenEventNotification(
                    eventId: "replay-\(UUID().uuidString)", issuerId: deployment.issuer.issuerId, tokenId: tokenId,
                    event: .resumed, state: .active, occurredAt: Date().addingTimeInterval(1)))
            let resumed = try await deployment.client.send(
                "POST", path, body: resumedBody,
                headers: [
                    APIHeaders.notificationSignature: try deployment.issuer.notificationSignature(
                        for: resumedBody, timestamp: Int64(Date().timeIntervalSince1970))
                ])
            #expect(resumed.status == 202)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).first?.state == .active)

            let replay = try await unchanged(deployment) {
                try await deployment.client.send("POST", path, body: body, headers: headers)
            }
            #expect(replay.status == 202)
            #expect(try replay.decode(TokenEventReceipt.self).duplicate == true)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).first?.state == .active)
        }

        /// Apple's side: the very same add request again answers the same
        /// pass (a retry) and writes nothing; the consumed nonce with other
        /// activation data is refused and writes nothing.
        @Test(arguments: Store.allCases)
        func addPassNonceWorksOnce(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let provisioned = try await deployment.provision(outcome: .approve)
            let first = try await deployment.addPass(provisioned)
            #expect(first.status == 201)
            let retry = try await unchanged(deployment) { try await deployment.addPass(provisioned) }
            #expect(
                try retry.decode(SandboxPass.self).serialNumber == first.decode(SandboxPass.self).serialNumber,
                "\(retry.text)")
            let replay = try await unchanged(deployment) {
                try await deployment.client.post(
                    deployment.path(try APIPaths.sandboxAddPass(deviceId: provisioned.device.id)),
                    json: SandboxPassRequest(
                        encryptedPassData: provisioned.response.encryptedPassData,
                        activationData: Data(try SecureRandom.bytes(count: provisioned.response.activationData.count)),
                        ephemeralPublicKey: provisioned.response.ephemeralPublicKey, nonce: Data(provisioned.nonce),
                        primaryAccountSuffix: String(provisioned.card.pan.suffix(4)), cardholderName: "Someone Else",
                        paymentNetwork: provisioned.card.scheme))
            }
            #expect((400..<500).contains(replay.status), "\(replay.text)")
            #expect(try await deployment.passes(of: provisioned.device).count == 1)
        }

        // MARK: Helpers

        /// Sends `request`, requiring that no row count moved.
        func unchanged(
            _ deployment: Deployment, _ request: () async throws -> WireResponse
        ) async throws -> WireResponse {
            let before = try await deployment.isolationSnapshot()
            let response = try await request()
            let after = try await deployment.isolationSnapshot()
            #expect(after.changes(since: before) == [], "\(response.status) \(response.text)")
            return response
        }

        /// A replayed code gets `authorization-code-replayed` and changes nothing.
        func expectRefusedReplay(
            _ deployment: Deployment, _ name: String, _ request: () async throws -> WireResponse
        ) async throws {
            let response = try await unchanged(deployment, request)
            #expect(response.status == 401, "\(name): \(response.text)")
            #expect(response.problemType == ProblemType.authorizationCodeReplayed.rawValue, "\(name)")
        }
    }
}
