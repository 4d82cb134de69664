import Foundation
import PassKitEmulation
import ProvisioningAPI
import PushProvisioning

extension DemoStep {
    /// Flow A: an approved card added from the bank app to the iPhone, with
    /// the Add-to-Wallet state before and after.
    package static let provisionToiPhone = DemoStep("In-app provisioning to the iPhone", flow: "A") { context, log in
        let bank = try context.requireBank()
        let wallet = try context.requireWallet()
        let card = try await bank.testCard(
            .approve, reference: context.cardReference("approve"), service: try context.requireService())
        context.cards["approve"] = card
        log.detail("card \(card) (sandbox outcome: approve), reference \(card.reference)")

        let before = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4))
        let stateBefore = AddToWalletState(
            localPass: before.localPass, remotePass: before.remotePass, isWatchPaired: wallet.isWatchPaired)
        try log.check(stateBefore == .addToiPhoneOrWatch, "Add-to-Wallet state before: \(stateBefore)")

        wallet.scriptUser(.addToPhone)
        log.detail("TPCSDK.provision(fromController:…) → add sheet → user picks the iPhone")
        let completionsBefore = context.screen.completions
        let result = try await context.provision(card)
        let pass = try log.require(
            result.pass, "Wallet added a pass (error: \(result.error.map(DemoRunner.describe) ?? "none"))")
        try log.check(context.screen.completions == completionsBefore + 1, "the delegate was called exactly once")
        try log.check(pass.passActivationState == .activated, "the pass is activated")
        try log.check(
            pass.primaryAccountNumberSuffix == card.last4,
            "pass suffix ••••\(pass.primaryAccountNumberSuffix), token ••••\(pass.deviceAccountNumberSuffix)")

        let after = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4))
        let local = try log.require(after.localPass?.secureElementPass, "getToken(last4:) finds the iPhone's pass")
        try log.check(local.serialNumber == pass.serialNumber && after.remotePass == nil, "the Watch has no pass yet")
        let stateAfter = AddToWalletState(
            localPass: after.localPass, remotePass: after.remotePass, isWatchPaired: wallet.isWatchPaired)
        try log.check(stateAfter == .addToWatch, "Add-to-Wallet state after: \(stateAfter)")
        context.values["approve.primaryAccountIdentifier"] = local.primaryAccountIdentifier
        context.values["approve.iPhoneToken"] = local.deviceAccountIdentifier
        context.expectedTokens[local.deviceAccountIdentifier] = TokenStatus.active.rawValue
    }

    /// Flow A again: the same card to the paired Watch, then the app's token
    /// list of the card across both devices.
    package static let provisionToWatch = DemoStep("In-app provisioning to the paired Watch", flow: "A") {
        context, log in
        let wallet = try context.requireWallet()
        let bank = try context.requireBank()
        let card = try context.requireCard("approve")
        let identifier = try context.requireValue("approve.primaryAccountIdentifier")

        wallet.scriptUser(.addToWatch)
        log.detail("provision again with primaryAccountIdentifier → user picks the Watch")
        let result = try await context.provision(card, primaryAccountIdentifier: identifier)
        let pass = try log.require(
            result.pass, "Wallet added a pass (error: \(result.error.map(DemoRunner.describe) ?? "none"))")
        try log.check(pass.passActivationState == .activated, "the Watch's pass is activated")

        let found = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4))
        let remote = try log.require(found.remotePass?.secureElementPass, "getToken(last4:) finds the Watch's pass")
        try log.check(remote.deviceName == DemoDevices.watchName, "the remote pass is on \(remote.deviceName)")
        let state = AddToWalletState(
            localPass: found.localPass, remotePass: found.remotePass, isWatchPaired: wallet.isWatchPaired)
        try log.check(state == .onBothDevices, "Add-to-Wallet state after: \(state) (button hidden)")
        context.values["approve.watchToken"] = remote.deviceAccountIdentifier
        context.expectedTokens[remote.deviceAccountIdentifier] = TokenStatus.active.rawValue

        log.detail("TPCSDK.getTokens(card:) with a tokens:read code (the network notifies the service)")
        let tokens = try await context.eventually { () async throws -> [Token] in
            let tokens = try await TPCSDK.getTokens(
                card: TPCCard(
                    cardReference: card.reference, primaryAccountNumberSuffix: card.last4,
                    authorizationCode: try bank.code("tokens:read", card: card)))
            guard tokens.count == 2 else { throw DemoError(.verificationFailed, "the service knows fewer tokens") }
            return tokens
        }
        for token in tokens {
            log.detail("token ••••\(token.suffix) \(token.state) on \(token.device.name) (\(token.device.type))")
        }
        try log.check(
            Set(tokens.map(\.device.type)) == [.phone, .watch] && tokens.allSatisfy { $0.state == .active },
            "the service lists two active tokens: one on the iPhone, one on the Watch")
    }

    /// Flow A with the red path: the network declines the card, Wallet ends
    /// the sheet with an error and nothing is added.
    package static let declinedCard = DemoStep("A declined card", flow: "A") { context, log in
        let bank = try context.requireBank()
        let wallet = try context.requireWallet()
        let card = try await bank.testCard(
            .decline, reference: context.cardReference("decline"), service: try context.requireService(),
            cardholderName: "Alan Turing")
        log.detail("card \(card) (sandbox outcome: decline)")
        wallet.scriptUser(.addToPhone)
        let result = try await context.provision(card)
        try log.check(result.pass == nil, "no pass was added")
        let error = try log.require(result.error.map { $0 as NSError }, "the delegate received an error")
        try log.check(
            error.domain == PKPassKitErrorDomain,
            "the error is Wallet's: \(error.domain) code \(error.code)")
        let found = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4))
        let state = AddToWalletState(
            localPass: found.localPass, remotePass: found.remotePass, isWatchPaired: wallet.isWatchPaired)
        try log.check(
            found.localPass == nil && found.remotePass == nil && state == .addToiPhoneOrWatch,
            "the card is on no device; Add-to-Wallet state stays \(state)")
    }
}
