import Foundation
import PassKitEmulation
import ProvisioningAPI
import PushProvisioning

extension DemoStep {
    /// Flow C: a card added pending activation; Wallet opens the bank app by
    /// its launch URL, the app finds the pass from the deep link and activates
    /// the token.
    package static let activationFromDeepLink = DemoStep(
        "In-app activation from Wallet's deep link", flow: "C"
    ) { context, log in
        let bank = try context.requireBank()
        let wallet = try context.requireWallet()
        let card = try await bank.testCard(
            .requireActivation, reference: context.cardReference("activation"), service: try context.requireService(),
            cardholderName: "Grace Hopper")
        context.cards["activation"] = card
        log.detail("card \(card) (sandbox outcome: requires activation)")
        wallet.scriptUser(.addToPhone)
        let result = try await context.provision(card)
        let pass = try log.require(
            result.pass, "Wallet added a pass (error: \(result.error.map(DemoRunner.describe) ?? "none"))")
        try log.check(pass.passActivationState == .requiresActivation, "the pass requires activation")
        let pending = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4))
        let pendingState = AddToWalletState(
            localPass: pending.localPass, remotePass: pending.remotePass, isWatchPaired: wallet.isWatchPaired)
        try log.check(pendingState == .pendingActivation(.iPhone), "Add-to-Wallet state: \(pendingState)")

        let url = try log.require(wallet.issuerAppLaunchURL(for: pass), "Wallet produced the app-launch URL")
        log.detail("Wallet opens \(url.absoluteString)")
        let link = try WalletDeepLink(url: url)
        try log.check(try link.locate().device == .iPhone, "WalletDeepLink parsed the URL; the pass is on the iPhone")
        let found = try TPCSDK.getToken(input: link.tokenInput)
        let local = try log.require(found.localPass?.secureElementPass, "getToken(serialNumber:) found the pass")
        let tokenId = local.deviceAccountIdentifier
        context.values["activation.tokenId"] = tokenId
        context.values["activation.serialNumber"] = link.serialNumber

        log.detail("the bank authenticates the user, then updateTokenState(…, action: .Activate)")
        let state = try await context.eventually {
            try await TPCSDK.updateTokenState(
                tokenId: tokenId, tokenRequestorId: bank.tokenRequestorId, schemeString: card.scheme.rawValue,
                authorizationCode: try bank.code("token:activate", tokenId: tokenId), action: .Activate)
        }
        try log.check(state == .active, "the service answers: token \(state)")
        try await wallet.synchronize()
        let after = try TPCSDK.getToken(input: GetTokenInput(serialNumber: link.serialNumber))
        let activated = after.localPass?.secureElementPass?.passActivationState
        try log.check(activated == .activated, "after synchronize the iPhone's pass is activated")
        let stateAfter = AddToWalletState(
            localPass: after.localPass, remotePass: after.remotePass, isWatchPaired: wallet.isWatchPaired)
        try log.check(stateAfter == .addToWatch, "Add-to-Wallet state after: \(stateAfter)")
        context.expectedTokens[tokenId] = TokenStatus.active.rawValue
    }

    /// Flow C's lifecycle: suspend, resume and delete the activated token
    /// through the SDK, each followed on the pass after synchronization.
    package static let lifecycle = DemoStep("Suspend, resume and delete the token", flow: "C") { context, log in
        let bank = try context.requireBank()
        let wallet = try context.requireWallet()
        let card = try context.requireCard("activation")
        let tokenId = try context.requireValue("activation.tokenId")
        let serialNumber = try context.requireValue("activation.serialNumber")
        let moves: [(TokenState, Token.State, PKSecureElementPass.PassActivationState)] = [
            (.Suspend, .suspended, .suspended), (.Resume, .active, .activated), (.Delete, .deleted, .deactivated),
        ]
        for (action, expectedToken, expectedPass) in moves {
            let scope = "token:" + action.lifecycleAction.rawValue.lowercased()
            let state = try await TPCSDK.updateTokenState(
                tokenId: tokenId, tokenRequestorId: bank.tokenRequestorId, schemeString: card.scheme.rawValue,
                authorizationCode: try bank.code(scope, tokenId: tokenId), action: action)
            try await wallet.synchronize()
            let pass = try TPCSDK.getToken(input: GetTokenInput(serialNumber: serialNumber)).localPass?
                .secureElementPass
            try log.check(
                state == expectedToken && pass?.passActivationState == expectedPass,
                "\(action): token \(state), pass \(pass.map { "\($0.passActivationState)" } ?? "gone")")
        }
        context.expectedTokens[tokenId] = TokenStatus.deleted.rawValue
    }
}
