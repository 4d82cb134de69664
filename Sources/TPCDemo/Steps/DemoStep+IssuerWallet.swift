import DigitalCards
import DigitalCardsOpenSSL
import Foundation
import IssuerTools
import ProvisioningAPI

extension DemoStep {
    /// Flow D, first half: the bank's own wallet on the iPhone
    /// (``DigitalCardManager``, OpenSSL crypto, files for keys) registers with
    /// a `wallet:register` code, enrols a Visa and the dual-brand card, and
    /// shows what seed 004's screens read: the card list, metadata, payment
    /// keys, details, auxiliary values and the six card-art images.
    ///
    /// PANs and expiries are never printed: expiries show as "present".
    package static let issuerWalletCards = DemoStep(
        "Issuer wallet: Visa and dual-brand cards, details, art", flow: "D"
    ) { context, log in
        let bank = try context.requireBank()
        let service = try context.requireService()
        let directory = URL(fileURLWithPath: try context.requireValue("issuerWalletDirectory"), isDirectory: true)
        // Files for keys, not the Keychain, on every platform: the demo's
        // wallet lives and dies with its work directory.
        let configuration = try DigitalCardsConfiguration(
            url: service.baseURL.absoluteString, issuerId: bank.issuerId, storageDirectory: directory,
            keyStorage: .files, cryptoProvider: OpenSSLWalletCryptoProvider())
        let manager = try DigitalCardManager(configuration: configuration)
        let userId = Self.issuerWalletUser(context)
        let walletId = try await manager.registerWallet(
            userId: userId, deviceName: DemoDevices.iPhoneName,
            authorizationCode: try bank.code("wallet:register", subject: userId))
        context.issuerWallet = manager
        try log.check(
            await manager.isWalletRegistered,
            "wallet \(walletId.prefix(8))… registered for \(userId) with the bank's wallet:register code")

        var enrolled: [DigitalCard] = []
        for (role, scheme, auxiliary) in [
            ("digital-visa", CardSchemeName.visa, CardSchemeName?.none),
            ("digital-dual", .mastercard, .pagoBancomat),
        ] {
            let card = try await bank.testCard(
                .approve, scheme: scheme, auxiliaryScheme: auxiliary, reference: context.cardReference(role),
                service: service)
            let digital = try await manager.enrollCard(
                scheme: scheme, encryptedPayload: try bank.encryptedPayload(for: card),
                authorizationCode: try bank.code("wallet:enrol", card: card, subject: userId))
            context.digitalCards[role] = digital
            enrolled.append(digital)
            log.detail(
                "enrolled \(card)\(auxiliary.map { " + \($0.rawValue)" } ?? "") as card \(digital.id.prefix(8))…")
        }

        // The service's list, not the device's cache; later reads use the cache.
        let list = try await manager.refreshCardList()
        try log.check(
            list.map(\.id) == enrolled.map(\.id), "refreshCardList(): \(list.count) cards, in enrolment order")
        let defaultCard = try await manager.defaultCard
        try log.check(defaultCard?.id == enrolled.first?.id, "defaultCard is the first card enrolled")
        for card in list {
            let state = try await card.state
            let details = try await card.details
            let metadata = try await card.cardMetadata
            let keys = try await card.paymentKeyInfo
            log.detail(
                "card \(card.id.prefix(8))…: \(state.rawValue), \(details.scheme.rawValue)"
                    + "\(details.auxiliaryScheme.map { " + \($0.rawValue)" } ?? ""), pays "
                    + details.paymentTypesSupported.map(\.rawValue).joined(separator: "/"))
            log.detail(
                "  PAN …\(metadata.panLastDigits) expiry \(Self.presence(metadata.panExpiry)), "
                    + "token …\(metadata.tokenLastDigits) expiry \(Self.presence(metadata.tokenExpiry)), "
                    + "PAR \(card.paymentAccountReference.isEmpty ? "missing" : "present")")
            log.detail(
                "  keys: \(keys.numberOfPaymentsLeft) payments left (\(keys.keyType.rawValue), replenish below "
                    + "\(keys.replenishmentThreshold)), needsReplenishment \(keys.needsReplenishment)")
            if card.hasAuxiliaryScheme {
                log.detail(
                    "  auxiliary: token …\(metadata.auxiliaryTokenLastDigits ?? "?") expiry "
                        + "\(Self.presence(metadata.auxiliaryTokenExpiry)), "
                        + "\(keys.auxiliaryNumberOfPaymentsLeft.map(String.init) ?? "?") payments left, PAR "
                        + "\(card.auxiliaryPaymentAccountReference == nil ? "missing" : "present")")
            }
            try log.check(
                state == .active && keys.numberOfPaymentsLeft == PaymentKeyBatch.defaultBatchSize
                    && !keys.needsReplenishment && metadata.panLastDigits.count == 4
                    && metadata.tokenLastDigits.count == 4 && !metadata.panExpiry.isEmpty,
                "card \(card.id.prefix(8))… is ACTIVE with \(PaymentKeyBatch.defaultBatchSize) payment keys, "
                    + "last digits and expiries")
        }

        let visa = try context.requireDigitalCard("digital-visa")
        let dual = try context.requireDigitalCard("digital-dual")
        let visaDetails = try await visa.details
        let visaMetadata = try await visa.cardMetadata
        let visaKeys = try await visa.paymentKeyInfo
        try log.check(
            !visa.hasAuxiliaryScheme && visaDetails.auxiliaryScheme == nil
                && visaMetadata.auxiliaryTokenLastDigits == nil && visaMetadata.auxiliaryTokenExpiry == nil
                && visaKeys.auxiliaryNumberOfPaymentsLeft == nil && visa.auxiliaryPaymentAccountReference == nil,
            "the Visa has no auxiliary values")
        let dualDetails = try await dual.details
        let dualMetadata = try await dual.cardMetadata
        let dualKeys = try await dual.paymentKeyInfo
        try log.check(
            dual.hasAuxiliaryScheme && dualDetails.auxiliaryScheme == .pagoBancomat
                && dualMetadata.auxiliaryTokenLastDigits?.count == 4 && dualMetadata.auxiliaryTokenExpiry != nil
                && dualKeys.auxiliaryNumberOfPaymentsLeft == PaymentKeyBatch.defaultBatchSize
                && dual.auxiliaryPaymentAccountReference != nil
                && dual.auxiliaryPaymentAccountReference != dual.paymentAccountReference,
            "the dual-brand card has PagoBancomat: its own token, keys and PAR")

        let art = try await visa.cardArt
        var sizes: [String] = []
        var served: Set<DigitalCard.ArtType> = []
        for type in DigitalCard.ArtType.allCases {
            // The bitmap is built only from a PNG whose header checks out.
            let bitmap = try await art.bitmap(forArtType: type)
            if bitmap.mediaType == "image/png", bitmap.width > 0, bitmap.height > 0 { served.insert(type) }
            sizes.append("\(type.rawValue) \(bitmap.width)×\(bitmap.height)")
        }
        log.detail("art: " + sizes.joined(separator: ", "))
        try log.check(
            served.count == 6 && served == Set(DigitalCard.ArtType.allCases),
            "cardArt served all six types as checked PNGs")
    }

    /// Flow D, second half: a card that needs ID&V is activated with the
    /// one-time code the sandbox "sent"; a contactless payment through the
    /// sandbox terminal consumes a key; a replenishment restores the count.
    package static let issuerWalletPayments = DemoStep(
        "Issuer wallet: ID&V, a payment and a replenishment", flow: "D"
    ) { context, log in
        let bank = try context.requireBank()
        let service = try context.requireService()
        let manager = try context.requireIssuerWallet()
        let userId = Self.issuerWalletUser(context)

        let card = try await bank.testCard(
            .requireActivation, reference: context.cardReference("digital-idv"), service: service,
            cardholderName: "Grace Hopper")
        let pending = try await manager.enrollCard(
            scheme: card.scheme, encryptedPayload: try bank.encryptedPayload(for: card),
            authorizationCode: try bank.code("wallet:enrol", card: card, subject: userId))
        log.detail("enrolled \(card) (sandbox outcome: requires activation) as card \(pending.id.prefix(8))…")
        let inactiveKeys = try await pending.paymentKeyInfo
        try log.check(
            try await pending.state == .inactive && inactiveKeys.numberOfPaymentsLeft == 0,
            "the card is INACTIVE with no payment keys")
        let session = try log.require(
            try await pending.pendingActivationSession, "it carries a pending ID&V session")
        log.detail("ID&V session via \(session.channel), \(session.attemptsLeft) attempts")
        let sent: SandboxActivationCode = try await ServiceHTTPClient(baseURL: service.baseURL).send(
            try APIPaths.sandboxActivationCode(sessionId: session.sessionId))
        try log.check(
            sent.sessionId == session.sessionId && !sent.code.isEmpty,
            "the sandbox channel delivered the one-time code (not shown)")
        let activated = try await session.verify(code: sent.code)
        let activatedKeys = try await activated.paymentKeyInfo
        try log.check(
            try await activated.state == .active
                && activatedKeys.numberOfPaymentsLeft == PaymentKeyBatch.defaultBatchSize,
            "verify(code:) → ACTIVE with \(activatedKeys.numberOfPaymentsLeft) payment keys")
        try log.check(try await activated.pendingActivationSession == nil, "no pending session remains")

        let visa = try context.requireDigitalCard("digital-visa")
        let before = try await visa.paymentKeyInfo.numberOfPaymentsLeft
        let terminal = SandboxTerminal(url: service.baseURL)
        let receipt = try await visa.payContactless(
            ContactlessTransaction(amount: 450, currency: "EUR", merchantName: "Demo Café"), at: terminal)
        log.detail(
            "tap → cryptogram from a payment key → sandbox terminal: approved, authorization "
                + "\(receipt.authorizationId.prefix(8))…, EUR \(receipt.amount / 100).\(String(format: "%02d", receipt.amount % 100))"
        )
        let afterPayment = try await visa.paymentKeyInfo.numberOfPaymentsLeft
        try log.check(
            !receipt.authorizationId.isEmpty && receipt.paymentsLeft == before - 1 && afterPayment == before - 1,
            "the payment was approved and consumed one key: \(before) → \(afterPayment)")

        let restored = try await visa.replenishPaymentKeys()
        try log.check(
            restored.numberOfPaymentsLeft == before && !restored.needsReplenishment,
            "replenishPaymentKeys() restored the count: \(afterPayment) → \(restored.numberOfPaymentsLeft)")
        let list = try await manager.refreshCardList()
        try log.check(
            list.count == 3 && list.last?.id == activated.id, "the service's card list now holds \(list.count) cards")
    }

    /// The bank's user of the issuer wallet, unique to the run.
    static func issuerWalletUser(_ context: DemoContext) -> String {
        "demo-user-\(context.runId)"
    }

    /// "present" or "missing": expiries are card data and never printed.
    static func presence(_ value: String?) -> String {
        (value?.isEmpty ?? true) ? "missing" : "present"
    }
}
