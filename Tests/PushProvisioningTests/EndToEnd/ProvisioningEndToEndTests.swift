import Foundation
import PassKitEmulation
import ProvisioningAPI
import PushProvisioning
import TestSupport
import Testing

/// Flows A and C against a real `tpc serve --sandbox` process.
@Suite("End to end against tpc serve --sandbox", .serialized, .timeLimit(.minutes(10)))
@MainActor
struct ProvisioningEndToEndTests {
    @Test("an approved card goes to the iPhone, then the Watch, and getTokens lists both devices")
    func approvedCardOnBothDevices() async throws {
        try await EndToEndHarness.run { world in
            let card = try await world.card(.approve, reference: "card-approve")
            world.wallet.scriptUser(.addToPhone, .addToWatch)

            let first = try await world.provision(card)
            let pass = try #require(first.pass, "provisioning failed: \(String(describing: first.error))")
            #expect(pass.passActivationState == .activated)
            #expect(world.app.completions == 1)

            let found = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4))
            let local = try #require(found.localPass?.secureElementPass)
            #expect(local.serialNumber == pass.serialNumber)
            #expect(found.remotePass == nil)
            #expect(
                AddToWalletState(localPass: found.localPass, remotePass: found.remotePass, isWatchPaired: true)
                    == .addToWatch)

            let second = try await world.provision(card, primaryAccountIdentifier: local.primaryAccountIdentifier)
            #expect(second.pass != nil, "Watch provisioning failed: \(String(describing: second.error))")
            let both = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4))
            #expect(both.remotePass?.secureElementPass?.deviceName == EndToEndHarness.watchName)
            #expect(
                AddToWalletState(localPass: both.localPass, remotePass: both.remotePass, isWatchPaired: true)
                    == .onBothDevices)

            let tokens = try await world.eventually { () async throws -> [Token] in
                let code = try world.backend.code(scope: "tokens:read", cardRef: card.reference)
                let tokens = try await TPCSDK.getTokens(
                    card: TPCCard(
                        cardReference: card.reference, primaryAccountNumberSuffix: card.last4, authorizationCode: code))
                guard tokens.count == 2 else { throw TPCError.serverError(404, "tokens pending") }
                return tokens
            }
            let phoneToken = try #require(tokens.first { $0.device.type == .phone })
            let watchToken = try #require(tokens.first { $0.device.type == .watch })
            #expect(phoneToken.device.name == EndToEndHarness.iPhoneName)
            #expect(watchToken.device.name == EndToEndHarness.watchName)
            #expect(phoneToken.isOnCurrentDevice && phoneToken.id == local.deviceAccountIdentifier)
            #expect(!watchToken.isOnCurrentDevice && watchToken.location == .pairedWatch)
            #expect(tokens.allSatisfy { $0.state == .active && $0.primaryAccountNumberSuffix == card.last4 })
        }
    }

    @Test("a card that needs activation is verified from the deep link, then suspended, resumed and deleted")
    func activationThroughDeepLinkAndLifecycle() async throws {
        try await EndToEndHarness.run { world in
            let card = try await world.card(.requireActivation, reference: "card-idv")
            world.wallet.scriptUser(.addToPhone)
            let added = try await world.provision(card)
            let pass = try #require(added.pass, "provisioning failed: \(String(describing: added.error))")
            #expect(pass.passActivationState == .requiresActivation)

            let url = try #require(world.wallet.issuerAppLaunchURL(for: pass))
            let link = try WalletDeepLink(url: url)
            #expect(try link.locate().device == .iPhone)
            let found = try TPCSDK.getToken(input: link.tokenInput)
            let local = try #require(found.localPass?.secureElementPass)
            let tokenId = local.deviceAccountIdentifier
            #expect(
                AddToWalletState(localPass: found.localPass, remotePass: found.remotePass, isWatchPaired: true)
                    == .pendingActivation(.iPhone))

            for (action, expected) in [
                (TokenState.Activate, PKSecureElementPass.PassActivationState.activated), (.Suspend, .suspended),
                (.Resume, .activated), (.Delete, .deactivated),
            ] {
                let scope = "token:" + action.lifecycleAction.rawValue.lowercased()
                let state = try await world.eventually {
                    try await TPCSDK.updateTokenState(
                        tokenId: tokenId, tokenRequestorId: world.backend.tokenRequestorId, schemeString: "VISA",
                        authorizationCode: try world.backend.code(scope: scope, tokenId: tokenId), action: action)
                }
                #expect(state.rawValue == action.lifecycleAction.resultingStatus.rawValue.lowercased())
                try await world.wallet.synchronize()
                let now = try TPCSDK.getToken(input: GetTokenInput(serialNumber: link.serialNumber))
                #expect(now.localPass?.secureElementPass?.passActivationState == expected, "after \(action)")
            }
        }
    }

    @Test("activatePass activates a pending pass with the activation data kept from provisioning")
    func activatePassUsesKeptActivationData() async throws {
        try await EndToEndHarness.run { world in
            let card = try await world.card(.requireActivation, reference: "card-activate-pass")
            world.wallet.scriptUser(.addToWatch)
            let added = try await world.provision(card)
            #expect(added.pass != nil, "provisioning failed: \(String(describing: added.error))")

            let tpcCard = TPCCard(cardReference: card.reference, primaryAccountNumberSuffix: card.last4, scheme: .Visa)
            let pending = try #require(try TPCSDK.getPendingActivationPass(card: tpcCard))
            #expect(pending.device == .watch)
            let activated = try await TPCSDK.activatePass(
                pass: pending.pass, card: tpcCard, authorizationCode: nil, nonce: nil)
            #expect(activated)
            try await world.wallet.synchronize()
            #expect(try TPCSDK.getPendingActivationPass(card: tpcCard) == nil)
            let after = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4))
            #expect(after.remotePass?.secureElementPass?.passActivationState == .activated)
        }
    }

    @Test("a declined card and a cancelled sheet end with errors, and nothing is added")
    func declineAndCancel() async throws {
        try await EndToEndHarness.run { world in
            let declined = try await world.card(.decline, reference: "card-decline")
            world.wallet.scriptUser(.addToPhone, .cancel)
            let refused = try await world.provision(declined)
            #expect(refused.pass == nil)
            let refusal = try #require(refused.error as NSError?)
            #expect(refusal.domain == PKPassKitErrorDomain)

            let approve = try await world.card(.approve, reference: "card-cancel")
            let cancelled = try await world.provision(approve)
            #expect(cancelled.pass == nil)
            let error = try #require(cancelled.error as NSError?)
            #expect(error.domain == PKPassKitErrorDomain && error.code == PKAddPaymentPassError.userCancelled.rawValue)
            #expect(try TPCSDK.getToken(input: GetTokenInput(last4: approve.last4)).localPass == nil)
        }
    }

    @Test("a service that is down ends the sheet with a TPCError that suggests a retry")
    func serviceDown() async throws {
        try await EndToEndHarness.run { world in
            let card = try await world.card(.approve, reference: "card-down")
            try TPCSDK.configure(
                url: try StalledServer.closedPortURL().absoluteString, issuerId: world.backend.issuerId)
            world.wallet.scriptUser(.addToPhone)
            let result = try await world.provision(card)
            #expect(result.pass == nil)
            let error = try #require(result.error as? TPCError)
            #expect(error.code == .serviceUnavailable)
            #expect(error.recoverySuggestion != nil)
            #expect(error.requestId != nil)
        }
    }

    @Test("a stalled service is cut off by the SDK's deadline, and by Wallet's when the SDK waits longer")
    func stalledServiceNeverHangs() async throws {
        try await EndToEndHarness.run { world in
            let stalled = try StalledServer()
            defer { stalled.stop() }
            let card = try await world.card(.approve, reference: "card-stalled")
            try TPCSDK.configure(url: stalled.baseURL.absoluteString, issuerId: world.backend.issuerId)

            var settings = TPCSDK.settings
            settings.requestTimeout = 30
            settings.provisioningDeadline = 1
            TPCSDK.settings = settings
            world.wallet.sheetTimeout = .seconds(20)
            world.wallet.scriptUser(.addToPhone, .addToPhone)
            let cutBySDK = try await world.provision(card)
            #expect(cutBySDK.pass == nil)
            #expect((cutBySDK.error as? TPCError)?.code == .timedOut)

            settings.provisioningDeadline = 30
            TPCSDK.settings = settings
            world.wallet.sheetTimeout = .seconds(1)
            let cutByWallet = try await world.provision(card)
            #expect(cutByWallet.pass == nil)
            let error = try #require(cutByWallet.error as NSError?)
            #expect(error.domain == PKPassKitErrorDomain)
            #expect(error.code == PKAddPaymentPassError.systemCancelled.rawValue)
        }
    }

    @Test("generateAddPaymentPassRequestForInput answers Wallet's request through the service")
    func extensionRequestThroughTheService() async throws {
        try await EndToEndHarness.run { world in
            let card = try await world.card(.approve, reference: "card-extension")
            let chain = try await SandboxProbe.certificateChain(world.sandbox.baseURL)
            let input = GenerateAddPaymentPassRequestInput(
                scheme: .Visa, encryptedPayload: try world.backend.encryptedPayload(for: card),
                authorizationCode: try world.backend.code(
                    scope: "provision", cardRef: card.reference, panLastFour: card.last4),
                certificateChain: chain, nonce: Data((0..<16).map { _ in UInt8.random(in: 0...255) }),
                nonceSignature: Data(repeating: 7, count: 70))
            let request = try await TPCSDK.generateAddPaymentPassRequest(for: input)
            #expect(request.ephemeralPublicKey?.count == 65)
            #expect(request.encryptedPassData?.isEmpty == false)
            #expect(request.activationData?.isEmpty == false)
        }
    }
}

enum SandboxProbe {
    static func certificateChain(_ base: URL) async throws -> [Data] {
        let url = try #require(try APIPaths.sandboxCertificates().url(relativeTo: base))
        let data = try Data(contentsOf: url)
        return try JSONDecoder.provisioningAPI.decode(SandboxCertificateChain.self, from: data).certificateChain
    }
}
