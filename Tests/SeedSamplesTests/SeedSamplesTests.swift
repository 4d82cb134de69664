import Foundation
import PassKitEmulation
import ProvisioningAPI
import PushProvisioning
import TestSupport
import Testing

/// Runs the seeds' Swift samples, compiled as written (see each file's
/// header), against `tpc serve --sandbox` and a simulated iPhone + Watch.
///
/// Seed 000's samples are not here: its `TPCSDK` calls live inside
/// `PKIssuerProvisioningExtensionHandler` subclasses and its keychain helpers
/// use the Security framework; both belong to the Wallet extensions (issue 6).
@Suite("Seed samples", .serialized, .timeLimit(.minutes(10)))
@MainActor
struct SeedSamplesTests {
    /// The seed's controller, with every sample call observed.
    final class ObservedViewController: ViewController {
        var tokenResults: [(local: PKPass?, remote: PKPass?, error: (any Error)?)] = []
        var digitizationResults: [(result: CardDigitizationResult?, error: (any Error)?)] = []
        var provisionResults: [(pass: PKPaymentPass?, error: (any Error)?)] = []

        override func updateUI(for localPass: PKPass?, remotePass: PKPass?, sdkError: Error?) {
            tokenResults.append((localPass, remotePass, sdkError))
            super.updateUI(for: localPass, remotePass: remotePass, sdkError: sdkError)
        }

        override func updateUI(for sdkResult: CardDigitizationResult?, sdkError: Error?) {
            digitizationResults.append((sdkResult, sdkError))
            super.updateUI(for: sdkResult, sdkError: sdkError)
        }

        override func onProvisionCompletion(pass: PKPaymentPass?, error: Error?) {
            provisionResults.append((pass, error))
            super.onProvisionCompletion(pass: pass, error: error)
        }
    }

    final class ObservedSchemeStringViewController: SchemeStringViewController {
        var provisionResults: [(pass: PKPaymentPass?, error: (any Error)?)] = []

        override func onProvisionCompletion(pass: PKPaymentPass?, error: Error?) {
            provisionResults.append((pass, error))
            super.onProvisionCompletion(pass: pass, error: error)
        }
    }

    /// Waits, yielding the main actor, until `condition` holds.
    private func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
        for _ in 0..<300 {
            if try await condition() { return }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        Issue.record("never happened: \(what)")
    }

    private func inWorld(_ body: @MainActor (EndToEndHarness) async throws -> Void) async throws {
        try await EndToEndHarness.run { world in
            // The samples' closures are formed on the main actor (in a view
            // controller), so the SDK delivers them on the main queue, as on iOS.
            TPCSDK.settings.callbackQueue = .main
            try await body(world)
        }
    }

    @Test("seed 003 step 1: Watch pairing, getToken and getCardDigitizationResult samples run")
    func seed003StepOne() async throws {
        try await inWorld { world in
            let controller = ObservedViewController()
            controller.loadViewIfNeeded()
            try await waitUntil("the Watch reads paired") { controller.isWatchPaired }

            controller.getTokenWithInputByLast4()
            controller.getTokenWithInputBySerialNumber()
            try await waitUntil("both getToken samples answered") { controller.tokenResults.count == 2 }
            #expect(controller.tokenResults.allSatisfy { $0.local == nil && $0.remote == nil && $0.error == nil })

            controller.getCardDigitizationResultWithFundingCardWithSchemeAndPayload()
            try await waitUntil("the funding-card sample answered") { controller.digitizationResults.count == 1 }
            controller.getCardDigitizationResultWithPrimaryAccountIdentifier()
            try await waitUntil("the identifier sample answered") { controller.digitizationResults.count == 2 }
            controller.getCardDigitizationResultWithPrimaryAccountNumberSuffix()
            try await waitUntil("the suffix sample answered") { controller.digitizationResults.count == 3 }
            let results = controller.digitizationResults
            #expect((results[0].error as? TPCError)?.code == .invalidArgument)
            #expect(results[1].error == nil && results[1].result?.state == .notDigitized)
            // "Last 4 Digits of PAN" is the seed's placeholder, not four digits.
            #expect((results[2].error as? TPCError)?.code == .invalidArgument)
        }
    }

    @Test("seed 003 step 1: updateUI sees a card added to the iPhone by last4")
    func seed003UpdateUIAfterProvisioning() async throws {
        try await inWorld { world in
            let card = try await world.card(.approve, reference: "seed-003-card")
            world.wallet.scriptUser(.addToPhone)
            let added = try await world.provision(card)
            #expect(added.pass != nil)
            let controller = ObservedViewController()
            controller.loadViewIfNeeded()
            try await waitUntil("the Watch reads paired") { controller.isWatchPaired }
            TPCSDK.getToken(input: GetTokenInput(last4: card.last4)) { [weak controller] local, remote, error in
                controller?.updateUI(for: local, remotePass: remote, sdkError: error)
            }
            try await waitUntil("updateUI ran") { controller.tokenResults.count == 1 }
            let seen = try #require(controller.tokenResults.first)
            #expect(seen.local != nil && seen.remote == nil)
            #expect(
                AddToWalletState(
                    localPass: seen.local, remotePass: seen.remote, isWatchPaired: controller.isWatchPaired)
                    == .addToWatch)
        }
    }

    @Test("seed 003 step 2: both provision() samples reach the service, which refuses their placeholder payload")
    func seed003Provision() async throws {
        try await inWorld { world in
            world.wallet.scriptUser(.addToPhone, .addToPhone)
            let controller = ObservedViewController()
            controller.provision()
            try await waitUntil("the enum sample ended") { controller.provisionResults.count == 1 }
            let enumError = try #require(controller.provisionResults.first?.error as? TPCError)
            #expect(enumError.code == .serverError)
            #expect(enumError.requestId != nil)

            let stringController = ObservedSchemeStringViewController()
            stringController.provision()
            try await waitUntil("the scheme-string sample ended") { stringController.provisionResults.count == 1 }
            let stringError = try #require(stringController.provisionResults.first?.error as? TPCError)
            #expect(stringError.code == .serverError)
            #expect(controller.provisionResults.count == 1)
        }
    }

    @Test("seed 001: the deep-link handler activates the pass Wallet opened the app for")
    func seed001DeepLinkActivates() async throws {
        try await inWorld { world in
            let card = try await world.card(.requireActivation, reference: "seed-001-card")
            world.wallet.scriptUser(.addToPhone)
            let added = try await world.provision(card)
            let pass = try #require(added.pass)
            let tokenId = pass.deviceAccountIdentifier
            // The network tells the service about the new token asynchronously.
            _ = try await world.eventually { () async throws -> [Token] in
                let code = try world.backend.code(scope: "tokens:read", cardRef: card.reference)
                let tokens = try await TPCSDK.getTokens(
                    card: TPCCard(
                        cardReference: card.reference, primaryAccountNumberSuffix: card.last4, authorizationCode: code))
                guard !tokens.isEmpty else { throw TPCError.serverError(404, "not yet") }
                return tokens
            }
            SeedValues.scheme = "VISA"
            SeedValues.authorizationCode = try world.backend.code(scope: "token:activate", tokenId: tokenId)

            let app = AppDelegate()
            let url = try #require(world.wallet.issuerAppLaunchURL(for: pass))
            #expect(app.application(UIApplication.shared, open: url))
            try await waitUntil("the pass reads activated") {
                try await world.wallet.synchronize()
                let now = try TPCSDK.getToken(input: GetTokenInput(serialNumber: pass.serialNumber))
                return now.localPass?.secureElementPass?.passActivationState == .activated
            }

            let foreign = try #require(
                URL(string: "issuerapp://wallet?passTypeIdentifier=pass.other&serialNumber=1&action=verify"))
            #expect(!app.application(UIApplication.shared, open: foreign))
        }
    }
}
