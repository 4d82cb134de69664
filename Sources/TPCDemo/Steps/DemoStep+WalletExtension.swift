import Foundation
import PassKitEmulation
import ProvisioningAPI
import PushProvisioning
import WalletExtensions

extension DemoStep {
    /// Flow B, first half: the bank app fills its App Group store with a card
    /// that is on neither device; Wallet (``SimulatedWalletApp``) asks the
    /// ready-made ``TPCIssuerProvisioningExtensionHandler`` for its status
    /// (timed against Apple's 100 ms), shows the bank's sign-in extension,
    /// and lists the card for the iPhone and for the Watch.
    package static let walletExtensionEntries = DemoStep(
        "Wallet extension: status, sign-in and card entries", flow: "B"
    ) { context, log in
        let bank = try context.requireBank()
        let wallet = try context.requireWallet()
        let service = try context.requireService()
        let directory = URL(fileURLWithPath: try context.requireValue("appGroupDirectory"), isDirectory: true)

        // The bank app's side: after sign-in it saves the user's cards (no
        // PAN, no expiry) with their art, and where they already are.
        let card = try await bank.testCard(
            .approve, scheme: .mastercard, reference: context.cardReference("extension"), service: service,
            cardholderName: "Emmy Noether")
        context.cards["extension"] = card
        let cardId = card.reference
        // A --work-dir kept from an earlier run holds that run's cards; the
        // app rewrites its store at sign-in, so this run starts it afresh.
        try? FileManager.default.removeItem(at: directory)
        let store = SharedCardStore(backend: try FileCardStoreBackend(directory: directory))
        guard let scheme = CardScheme(schemeString: card.scheme.rawValue) else {
            throw DemoError(.invalidInput, "the SDK knows no scheme \(card.scheme.rawValue)")
        }
        try store.save(
            StoredCard(
                id: cardId, lastFour: card.last4, cardholderName: card.cardholderName, scheme: scheme,
                productTitle: Self.extensionProductTitle),
            art: DemoCardArt.pdf(productTitle: Self.extensionProductTitle))
        try store.setWatchPaired(wallet.isWatchPaired)
        let digitization = try store.refreshDigitization().first { $0.id == cardId }?.digitization
        log.detail("the bank app stored card \(card) (\(Self.extensionProductTitle), PDF art) in its App Group")
        try log.check(
            digitization == DeviceDigitization(iPhone: .notDigitized, watch: .notDigitized),
            "the App Group store has the card on neither device")

        // The non-UI extension: the ready-made handler and the bank's one
        // closure, answered by the same backend code as the in-app flow.
        let handler = TPCIssuerProvisioningExtensionHandler(store: store) { id in
            guard id == cardId else {
                throw WalletExtensionsError(.unknownCard, "the bank has no card \(id)")
            }
            return TPCIssuerProvisioningExtensionHandler.ProvisioningData(
                encryptedPayload: try bank.encryptedPayload(for: card),
                authorizationCode: try bank.code("provision", card: card))
        }
        context.issuerExtension = handler

        // Apple's 100 ms for status, as Wallet enforces it. Wallet asks again
        // when the list reopens; up to three asks absorb a scheduler hiccup
        // on a loaded machine (the answer itself is one small file read).
        let timed = SimulatedWalletApp(wallet: wallet, issuerExtension: handler)
        var answer: SimulatedWalletApp.StatusAnswer?
        var asks = 0
        while answer == nil, asks < 3 {
            asks += 1
            answer = await timed.checkStatus()
        }
        let status = try log.require(answer, "status answered within Wallet's 100 ms")
        log.detail(
            "status answered in \(Self.milliseconds(status.elapsed)) (limit \(Self.milliseconds(timed.limits.status)))"
                + (asks > 1 ? " on ask \(asks)" : ""))
        try log.check(
            status.requiresAuthentication && status.passEntriesAvailable && status.remotePassEntriesAvailable,
            "status: requiresAuthentication, passEntriesAvailable, remotePassEntriesAvailable")

        // The visits use a looser status limit: the 100 ms was shown above,
        // and a scheduling pause must not turn the flow itself red.
        let app = SimulatedWalletApp(
            wallet: wallet, issuerExtension: handler, authorizationExtension: { DemoSignInScreen(store: store) },
            limits: SimulatedWalletApp.Limits(
                status: .seconds(2), entries: .seconds(20), request: .seconds(20), authorization: .seconds(10)))
        context.walletApp = app
        let look = await app.addCards(to: .iPhone, signIn: DemoSignInScreen.signsIn, picking: .none)
        try log.check(
            look.authorization == .authorized, "Wallet showed the bank's sign-in extension; the user signed in")
        let signIn = try store.signIn()
        try log.check(
            signIn?.isValid() == true,
            "the sign-in is recorded in the App Group for the non-UI extension (valid 5 minutes)")
        let entry = try log.require(
            look.entries.first { $0.identifier == cardId }, "passEntries lists the card for the iPhone")
        log.detail(
            "entry \(entry.title): \(entry.paymentNetwork?.rawValue ?? "?") ••••\(entry.primaryAccountSuffix ?? "?"), "
                + "art \(entry.artWidth) × \(entry.artHeight), \(entry.encryptionScheme.rawValue)")
        try log.check(
            look.entries.count == 1 && entry.artWidth == CardArtCheck.requiredWidth
                && entry.artHeight == CardArtCheck.requiredHeight && entry.encryptionScheme == .ECC_V2
                && entry.primaryAccountSuffix == card.last4 && entry.cardholderName == card.cardholderName,
            "the entry carries 1536 × 969 art, ECC_V2, the cardholder and the last four")

        let watchLook = await app.addCards(to: .watch, picking: .none)
        try log.check(watchLook.authorization == nil, "the recent sign-in is not asked for again")
        try log.check(
            watchLook.entries.map(\.identifier) == [cardId], "remotePassEntries lists the card for the Watch")
        let noticed = look.diagnostics + watchLook.diagnostics
        try log.check(noticed.isEmpty, "Wallet noticed nothing wrong (\(noticed.count) diagnostics)")
    }

    /// Flow B, second half: the user adds the card to the iPhone from
    /// Wallet; the extension asks the bank for the payload and code and the
    /// SDK for the request; afterwards only the Watch is offered the card.
    package static let walletExtensionAdd = DemoStep(
        "Wallet extension adds the card to the iPhone", flow: "B"
    ) { context, log in
        let wallet = try context.requireWallet()
        let card = try context.requireCard("extension")
        guard let app = context.walletApp, let handler = context.issuerExtension else {
            throw DemoError(.missingPrerequisite, "no Wallet extension (the previous step failed)")
        }
        let cardId = card.reference

        log.detail("the user picks the card in Wallet for the iPhone")
        let visit = await app.addCards(to: .iPhone, picking: .identifiers([cardId]))
        let added = try log.require(visit.added.first, "Wallet asked the extension for the card's request")
        let pass = try log.require(
            added.pass, "generateAddPaymentPassRequest… answered; the pass landed (\(added.shownError ?? "no error"))")
        try log.check(
            !pass.isRemotePass && pass.primaryAccountNumberSuffix == card.last4
                && pass.passActivationState == .activated,
            "the iPhone has an activated pass ••••\(pass.primaryAccountNumberSuffix), token ••••\(pass.deviceAccountNumberSuffix)"
        )
        try log.check(visit.diagnostics.isEmpty, "every extension completion was called once and in time")
        // What the network was handed (a TAV for this Mastercard): the MDES
        // step checks it with the registered key.
        if let activationData = added.activationData {
            context.values["extensionActivationData"] = activationData.base64EncodedString()
        }

        let phoneEntries = handler.entries(remote: false)
        try log.check(phoneEntries.isEmpty, "passEntries no longer lists it for the iPhone")
        let watchVisit = await app.addCards(to: .watch, picking: .none)
        let remote = try log.require(
            watchVisit.entries.first { $0.identifier == cardId }, "remotePassEntries still lists it for the Watch")
        try log.check(
            watchVisit.entries.count == 1 && remote.primaryAccountIdentifier == pass.primaryAccountIdentifier,
            "the Watch's entry carries the pass's primaryAccountIdentifier (Wallet offers the Watch only)")
        let stored = try handler.store.card(id: cardId)?.digitization
        try log.check(
            stored == DeviceDigitization(iPhone: .digitized, watch: .notDigitized),
            "the App Group store: on the iPhone, not on the Watch")
        let status = handler.currentStatus()
        try log.check(
            !status.passEntriesAvailable && status.remotePassEntriesAvailable,
            "status now: passEntriesAvailable false, remotePassEntriesAvailable true")
        let token = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4))
        try log.check(
            token.localPass?.secureElementPass?.deviceAccountIdentifier == pass.deviceAccountIdentifier
                && token.remotePass == nil,
            "the bank app's getToken(last4:) finds the same pass, none on the Watch")
        context.expectedTokens[pass.deviceAccountIdentifier] = TokenStatus.active.rawValue
    }

    /// The product the demo bank lists in Wallet.
    static let extensionProductTitle = "Everyday Mastercard"

    /// `0.4 ms`, `100 ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return value < 10 ? String(format: "%.1f ms", value) : String(format: "%.0f ms", value)
    }
}
