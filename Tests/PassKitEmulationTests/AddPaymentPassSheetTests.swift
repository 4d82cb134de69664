import Foundation
import PassKitEmulation
import ProvisioningAPI
import TestSupport
import Testing

/// The add-payment-pass sheet end to end against `tpc serve --sandbox`.
@Suite(.timeLimit(.minutes(10))) struct AddPaymentPassSheetTests {
    @Test func approvedCardLandsActivatedOnTheChosenPhone() async throws {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox, watch: true)
        let card = try await issuer.card(.approve)
        wallet.scriptUser(.addToPhone)
        let delegate = IssuerDelegate(issuer: issuer, card: card)
        let finish = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(for: card, delegate: delegate)
            })
        #expect(finish.error == nil)
        let pass = try #require(finish.pass)
        #expect(pass.passActivationState == .activated)
        #expect(pass.isRemotePass == false)
        #expect(pass.deviceName == "Test iPhone")
        #expect(pass.primaryAccountNumberSuffix == String(card.pan.suffix(4)))
        #expect(pass.passTypeIdentifier == "paymentpass.com.apple")
        #expect(delegate.generateCalls == 1)

        let library = await SimulatedWallet.withCurrent(wallet) { PKPassLibrary() }
        let local = library.passes(of: .secureElement).compactMap(\.secureElementPass)
        #expect(local.map(\.serialNumber) == [pass.serialNumber])
        #expect(library.remoteSecureElementPasses.isEmpty)
        #expect(library.canAddSecureElementPass(primaryAccountIdentifier: pass.primaryAccountIdentifier))
        #expect(wallet.diagnostics.isEmpty)
    }

    @Test func cardOnBothDevicesCannotBeAddedAgain() async throws {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox, watch: true)
        let card = try await issuer.card(.approve)
        wallet.scriptUser(.addToWatch, .addToPhone)
        let onWatch = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(for: card, delegate: IssuerDelegate(issuer: issuer, card: card))
            })
        let watchPass = try #require(onWatch.pass)
        #expect(watchPass.isRemotePass)
        #expect(watchPass.deviceName == "Test Watch")
        let identifier = watchPass.primaryAccountIdentifier
        let onPhone = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(
                    for: card, primaryAccountIdentifier: identifier,
                    delegate: IssuerDelegate(issuer: issuer, card: card))
            })
        #expect(onPhone.pass?.isRemotePass == false)

        let library = await SimulatedWallet.withCurrent(wallet) { PKPassLibrary() }
        #expect(library.remoteSecureElementPasses.map(\.serialNumber) == [watchPass.serialNumber])
        #expect(library.passes(of: .secureElement).count == 1)
        #expect(!library.canAddSecureElementPass(primaryAccountIdentifier: identifier))
        let refused = await SimulatedWallet.withCurrent(wallet) { @MainActor in
            configuration(for: card, primaryAccountIdentifier: identifier).flatMap {
                PKAddPaymentPassViewController(requestConfiguration: $0, delegate: nil)
            }
        }
        #expect(refused == nil)
        let found = library.pass(
            withPassTypeIdentifier: watchPass.passTypeIdentifier, serialNumber: watchPass.serialNumber)
        #expect(found?.isRemotePass == true)
    }

    @Test func userCancelEndsWithUserCancelled() async throws {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox)
        let card = try await issuer.card(.approve)
        wallet.scriptUser(.cancel)
        let delegate = IssuerDelegate(issuer: issuer, card: card)
        let finish = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(for: card, delegate: delegate)
            })
        #expect(finish.pass == nil)
        #expect(finish.error?.domain == PKPassKitErrorDomain)
        #expect(finish.error?.code == PKAddPaymentPassError.userCancelled.rawValue)
        #expect(delegate.generateCalls == 0)
        #expect(await SimulatedWallet.withCurrent(wallet) { PKPassLibrary().passes().isEmpty })
    }

    @Test func declinedCardEndsWithSystemCancelledAndNoPass() async throws {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox)
        let card = try await issuer.card(.decline)
        let delegate = IssuerDelegate(issuer: issuer, card: card)
        let finish = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(for: card, delegate: delegate)
            })
        #expect(finish.pass == nil)
        #expect(finish.error?.domain == PKPassKitErrorDomain)
        #expect(finish.error?.code == PKAddPaymentPassError.systemCancelled.rawValue)
        #expect(wallet.diagnostics.map(\.code) == [.declined])
        #expect(await SimulatedWallet.withCurrent(wallet) { PKPassLibrary().passes().isEmpty })
    }

    @Test func missingNameAndSuffixRefusesTheSheet() async throws {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox)
        let card = try await issuer.card(.approve)
        let (bare, named) = await SimulatedWallet.withCurrent(wallet) { @MainActor in
            let configuration = PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2)
            configuration?.paymentNetwork = .visa
            let bare = configuration.flatMap {
                PKAddPaymentPassViewController(requestConfiguration: $0, delegate: nil)
            }
            configuration?.primaryAccountSuffix = String(card.pan.suffix(4))
            let named = configuration.flatMap {
                PKAddPaymentPassViewController(requestConfiguration: $0, delegate: nil)
            }
            return (bare == nil, named != nil)
        }
        #expect(bare)
        #expect(named)
    }

    @Test func handlerCalledTwiceIsIgnoredAndReported() async throws {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox)
        let card = try await issuer.card(.approve)
        let delegate = IssuerDelegate(issuer: issuer, card: card, behaviour: .answerTwice)
        let finish = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(for: card, delegate: delegate)
            })
        #expect(finish.pass != nil)
        #expect(wallet.diagnostics.map(\.code) == [.handlerCalledTwice])
        #expect(await SimulatedWallet.withCurrent(wallet) { PKPassLibrary().passes().count } == 1)
    }

    @Test func handlerCalledAfterTheLimitIsIgnoredAndTheSheetFails() async throws {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox, sheetTimeout: .milliseconds(1))
        let card = try await issuer.card(.approve)
        let delegate = IssuerDelegate(issuer: issuer, card: card, behaviour: .answerAfterSheetEnds)
        let finish = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(for: card, delegate: delegate)
            })
        #expect(finish.pass == nil)
        #expect(finish.error?.code == PKAddPaymentPassError.systemCancelled.rawValue)
        try await waitUntil { wallet.diagnostics.count == 2 }
        #expect(wallet.diagnostics.map(\.code) == [.handlerTimedOut, .handlerCalledLate])
        #expect(await SimulatedWallet.withCurrent(wallet) { PKPassLibrary().passes().isEmpty })
    }

    @Test func handlerNeverCalledEndsTheSheetInsteadOfHanging() async throws {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox, sheetTimeout: .milliseconds(200))
        let card = try await issuer.card(.approve)
        let delegate = IssuerDelegate(issuer: issuer, card: card, behaviour: .neverAnswer)
        let finish = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(for: card, delegate: delegate)
            })
        #expect(finish.error?.domain == PKPassKitErrorDomain)
        #expect(finish.error?.code == PKAddPaymentPassError.systemCancelled.rawValue)
        #expect(wallet.diagnostics.map(\.code) == [.handlerTimedOut])
    }

    @Test func emptyRequestEndsWithSystemCancelled() async throws {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox)
        let card = try await issuer.card(.approve)
        let delegate = IssuerDelegate(issuer: issuer, card: card, behaviour: .answerEmpty)
        let finish = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(for: card, delegate: delegate)
            })
        #expect(finish.error?.code == PKAddPaymentPassError.systemCancelled.rawValue)
        #expect(wallet.diagnostics.map(\.code) == [.incompleteRequest])
    }

    @Test func choosingAnAbsentWatchIsUnsupported() async throws {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox, watch: false)
        let card = try await issuer.card(.approve)
        wallet.scriptUser(.addToWatch)
        let finish = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(for: card, delegate: IssuerDelegate(issuer: issuer, card: card))
            })
        #expect(finish.error?.code == PKAddPaymentPassError.unsupported.rawValue)
        #expect(wallet.diagnostics.map(\.code) == [.choiceNotOffered])
    }
}

/// Polls `condition` until it holds; fails after a generous bound so a broken
/// emulation ends the test rather than hanging it.
func waitUntil(_ condition: () -> Bool, isolation: isolated (any Actor)? = #isolation) async throws {
    for _ in 0..<500 where !condition() {
        try await Task.sleep(for: .milliseconds(10))
    }
    #expect(condition())
}
