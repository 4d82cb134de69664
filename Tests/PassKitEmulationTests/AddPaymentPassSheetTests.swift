import Foundation
import PassKitEmulation
import ProvisioningAPI
import TestSupport
import Testing

/// The add-payment-pass sheet end to end against `tpc serve --sandbox`.
@Suite(.timeLimit(.minutes(10))) struct AddPaymentPassSheetTests {
    @Test func approvedCardLandsActivatedOnTheChosenPhone() async throws {
        let run = try await SheetRun.run(user: .addToPhone, watch: true)
        let (wallet, card) = (run.wallet, run.card)
        #expect(run.finish.error == nil)
        let pass = try #require(run.finish.pass)
        #expect(pass.passActivationState == .activated)
        #expect(pass.isRemotePass == false)
        #expect(pass.deviceName == "Test iPhone")
        #expect(pass.primaryAccountNumberSuffix == String(card.pan.suffix(4)))
        #expect(pass.passTypeIdentifier == "paymentpass.com.apple")
        #expect(run.delegate.generateCalls == 1)

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
        let run = try await SheetRun.run(user: .cancel)
        #expect(run.finish.pass == nil)
        #expect(run.finish.error?.domain == PKPassKitErrorDomain)
        #expect(run.finish.error?.code == PKAddPaymentPassError.userCancelled.rawValue)
        #expect(run.delegate.generateCalls == 0)
        #expect(await run.passCount() == 0)
    }

    @Test func declinedCardEndsWithSystemCancelledAndNoPass() async throws {
        let run = try await SheetRun.run(.decline)
        #expect(run.finish.pass == nil)
        #expect(run.finish.error?.domain == PKPassKitErrorDomain)
        #expect(run.finish.error?.code == PKAddPaymentPassError.systemCancelled.rawValue)
        #expect(run.wallet.diagnostics.map(\.code) == [.declined])
        #expect(await run.passCount() == 0)
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
        let run = try await SheetRun.run(behaviour: .answerTwice)
        #expect(run.finish.pass != nil)
        #expect(run.wallet.diagnostics.map(\.code) == [.handlerCalledTwice])
        #expect(await run.passCount() == 1)
    }

    @Test func handlerCalledAfterTheLimitIsIgnoredAndTheSheetFails() async throws {
        let run = try await SheetRun.run(behaviour: .answerAfterSheetEnds, sheetTimeout: .milliseconds(1))
        #expect(run.finish.pass == nil)
        #expect(run.finish.error?.code == PKAddPaymentPassError.systemCancelled.rawValue)
        try await waitUntil { run.wallet.diagnostics.count == 2 }
        #expect(run.wallet.diagnostics.map(\.code) == [.handlerTimedOut, .handlerCalledLate])
        #expect(await run.passCount() == 0)
    }

    @Test func handlerNeverCalledEndsTheSheetInsteadOfHanging() async throws {
        let run = try await SheetRun.run(behaviour: .neverAnswer, sheetTimeout: .milliseconds(200))
        #expect(run.finish.error?.domain == PKPassKitErrorDomain)
        #expect(run.finish.error?.code == PKAddPaymentPassError.systemCancelled.rawValue)
        #expect(run.wallet.diagnostics.map(\.code) == [.handlerTimedOut])
    }

    @Test func emptyRequestEndsWithSystemCancelled() async throws {
        let run = try await SheetRun.run(behaviour: .answerEmpty)
        #expect(run.finish.error?.code == PKAddPaymentPassError.systemCancelled.rawValue)
        #expect(run.wallet.diagnostics.map(\.code) == [.incompleteRequest])
    }

    @Test func choosingAnAbsentWatchIsUnsupported() async throws {
        let run = try await SheetRun.run(user: .addToWatch, watch: false)
        #expect(run.finish.error?.code == PKAddPaymentPassError.unsupported.rawValue)
        #expect(run.wallet.diagnostics.map(\.code) == [.choiceNotOffered])
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
