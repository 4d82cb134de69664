import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Testing

extension EndToEndTests {
    /// Flows A and C end to end: device, issuer, service, Apple's side, the
    /// network's token service and the registry, per test-card outcome.
    @Suite(.timeLimit(.minutes(10))) struct ProvisioningFlow {
        @Test(arguments: Store.allCases)
        func approvedCardBecomesAnActivatedPassAndAnActiveToken(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve)
            #expect(pass.activationState == .activated)
            #expect(pass.passTypeIdentifier == "paymentpass.com.apple")
            #expect(pass.primaryAccountNumberSuffix == String(provisioned.card.pan.suffix(4)))
            #expect(pass.deviceId == provisioned.device.id)

            let tokens = try await deployment.tokens(ofCard: provisioned.cardRef)
            let token = try #require(tokens.first)
            #expect(tokens.count == 1)
            #expect(token.tokenId == pass.deviceAccountIdentifier)
            #expect(token.state == .active)
            #expect(token.tokenSuffix == pass.deviceAccountNumberSuffix)
            #expect(token.panSuffix == String(provisioned.card.pan.suffix(4)))
            #expect(token.cardRef == provisioned.cardRef)
            #expect(token.scheme == provisioned.card.scheme)
            #expect(token.device.id == provisioned.device.id)
            #expect(token.device.name == provisioned.device.name)
            #expect(token.tokenRequestorId == Deployment.applePayTokenRequestorId)

            let search = try await deployment.backOfficeSearch(
                TokenSearchQuery(state: .active, cardRef: provisioned.cardRef))
            #expect(search.status == 200)
            let found = try search.decode(TokenSearchResponse.self).tokens
            #expect(found.map(\.tokenId) == [token.tokenId])
        }

        @Test(arguments: Store.allCases)
        func lifecycleMovesTheTokenAndThePassAndRefusesIllegalMoves(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve)
            let tokenId = pass.deviceAccountIdentifier
            let scheme = provisioned.card.scheme

            func move(_ action: TokenLifecycleAction) async throws -> WireResponse {
                try await deployment.changeState(action, tokenId: tokenId, scheme: scheme, cardRef: provisioned.cardRef)
            }
            func expectState(_ state: TokenStatus, pass passState: SandboxPassActivationState) async throws {
                let token = try #require(try await deployment.tokens(ofCard: provisioned.cardRef).first)
                #expect(token.state == state)
                let onDevice = try await deployment.passes(of: provisioned.device)
                #expect(onDevice.first { $0.serialNumber == pass.serialNumber }?.activationState == passState)
                let search = try await deployment.backOfficeSearch(
                    TokenSearchQuery(state: state, cardRef: provisioned.cardRef))
                #expect(try search.decode(TokenSearchResponse.self).tokens.map(\.tokenId) == [tokenId])
            }

            let suspended = try await move(.suspend)
            #expect(suspended.status == 200)
            #expect(try suspended.decode(TokenStateChangeResponse.self).state == .suspended)
            try await expectState(.suspended, pass: .suspended)

            let suspendedAgain = try await move(.suspend)
            #expect(suspendedAgain.status == 409)
            #expect(suspendedAgain.problemType == ProblemType.illegalTransition.rawValue)
            let activateSuspended = try await move(.activate)
            #expect(activateSuspended.status == 409)
            #expect(activateSuspended.problemType == ProblemType.illegalTransition.rawValue)

            let resumed = try await move(.resume)
            #expect(resumed.status == 200)
            try await expectState(.active, pass: .activated)

            let resumeActive = try await move(.resume)
            #expect(resumeActive.status == 409)
            #expect(resumeActive.problemType == ProblemType.illegalTransition.rawValue)

            let deleted = try await move(.delete)
            #expect(deleted.status == 200)
            try await expectState(.deleted, pass: .deactivated)

            for action in [TokenLifecycleAction.resume, .activate, .suspend, .delete] {
                let afterDelete = try await move(action)
                #expect(afterDelete.status == 409, "\(action) after delete")
                #expect(afterDelete.problemType == ProblemType.illegalTransition.rawValue)
            }
            try await expectState(.deleted, pass: .deactivated)
        }

        @Test(arguments: Store.allCases)
        func passRequiringActivationIsActivatedFromTheDevice(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .requireActivation)
            #expect(pass.activationState == .requiresActivation)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).map(\.state) == [.inactive])

            let wrongData = try await deployment.client.post(
                deployment.path(
                    try APIPaths.sandboxActivatePass(deviceId: provisioned.device.id, serialNumber: pass.serialNumber)),
                json: SandboxPassActivationRequest(activationData: Data(try SecureRandom.bytes(count: 48))))
            #expect(wrongData.status == 422)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).map(\.state) == [.inactive])

            let activated = try await deployment.client.post(
                deployment.path(
                    try APIPaths.sandboxActivatePass(deviceId: provisioned.device.id, serialNumber: pass.serialNumber)),
                json: SandboxPassActivationRequest(activationData: provisioned.response.activationData))
            #expect(activated.status == 200)
            #expect(try activated.decode(SandboxPass.self).activationState == .activated)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).map(\.state) == [.active])
            let onDevice = try await deployment.passes(of: provisioned.device)
            #expect(onDevice.first { $0.serialNumber == pass.serialNumber }?.activationState == .activated)
        }

        @Test(arguments: Store.allCases)
        func passRequiringActivationIsActivatedByTheIssuer(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .requireActivation)
            #expect(pass.activationState == .requiresActivation)
            let tokenId = pass.deviceAccountIdentifier

            let resume = try await deployment.changeState(
                .resume, tokenId: tokenId, scheme: provisioned.card.scheme, cardRef: provisioned.cardRef)
            #expect(resume.status == 409)
            #expect(resume.problemType == ProblemType.illegalTransition.rawValue)

            let activate = try await deployment.changeState(
                .activate, tokenId: tokenId, scheme: provisioned.card.scheme, cardRef: provisioned.cardRef)
            #expect(activate.status == 200)
            #expect(try activate.decode(TokenStateChangeResponse.self).state == .active)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).map(\.state) == [.active])
            let onDevice = try await deployment.passes(of: provisioned.device)
            #expect(onDevice.first { $0.serialNumber == pass.serialNumber }?.activationState == .activated)
        }

        @Test(arguments: Store.allCases)
        func declinedCardGetsNoPassAndNoToken(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let provisioned = try await deployment.provision(outcome: .decline)
            let tokensBefore = try await deployment.rowCounts()["sandbox_tokens"]
            let response = try await deployment.addPass(provisioned)
            #expect(response.status == 422)
            #expect(response.problemType == ProblemType.declined.rawValue)
            #expect(try await deployment.rowCounts()["sandbox_tokens"] == tokensBefore)
            #expect(try await deployment.passes(of: provisioned.device).isEmpty)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).isEmpty)
        }

        @Test(arguments: Store.allCases, ["VISA", "MASTERCARD", "AMEX", "DISCOVER"])
        func everySchemesApprovedCardIsProvisioned(store: Store, scheme: String) async throws {
            let deployment = try await Deployment.shared(store)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve, scheme: scheme)
            #expect(pass.activationState == .activated)
            #expect(pass.paymentNetwork?.rawValue == scheme)
            let token = try #require(try await deployment.tokens(ofCard: provisioned.cardRef).first)
            #expect(token.scheme.rawValue == scheme)
            #expect(token.state == .active)
        }

        @Test(arguments: Store.allCases)
        func resubmittingTheSameAddRequestReturnsTheSamePass(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve)
            let again = try await deployment.addPass(provisioned)
            #expect(again.status == 201 || again.status == 200)
            #expect(try again.decode(SandboxPass.self).serialNumber == pass.serialNumber)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).count == 1)
        }

        /// The positive control of the notification cases: a correctly signed,
        /// fresh event is applied, once.
        @Test(arguments: Store.allCases)
        func signedNetworkNotificationIsAppliedOnce(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve)
            let notification = TokenEventNotification(
                eventId: "e2e-event-\(UUID().uuidString)", issuerId: deployment.issuer.issuerId,
                tokenId: pass.deviceAccountIdentifier, event: .suspended, state: .suspended, occurredAt: Date())
            let body = try JSONEncoder.provisioningAPI.encode(notification)
            let signature = try deployment.issuer.notificationSignature(
                for: body, timestamp: Int64(Date().timeIntervalSince1970))
            let path = deployment.path(try APIPaths.networkNotification(network: provisioned.card.scheme))
            let headers = [APIHeaders.notificationSignature: signature]

            let first = try await deployment.client.send("POST", path, body: body, headers: headers)
            #expect(first.status == 202, "\(first.text)")
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).map(\.state) == [.suspended])
            let events = try await deployment.rowCounts()["notification_events"]

            let replay = try await deployment.client.send("POST", path, body: body, headers: headers)
            #expect(replay.status < 300 || replay.status == 409, "\(replay.text)")
            #expect(try await deployment.rowCounts()["notification_events"] == events)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).map(\.state) == [.suspended])
        }
    }
}
