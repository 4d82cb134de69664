import Foundation
import ProvisioningAPI

extension WalletEngine {
    /// The keys the device holds for a card (empty before the first batch).
    func keyring(cardId: String) throws(DigitalCardError) -> PaymentKeyring? {
        if let cached = keyrings[cardId] { return cached }
        guard let data = try secrets.read(Self.keyringName(cardId)) else { return nil }
        guard let stored = try? JSONDecoder().decode(PaymentKeyring.self, from: data) else {
            throw DigitalCardError(.storageFailure, "the stored payment keys cannot be read")
        }
        keyrings[cardId] = stored
        return stored
    }

    func storeKeyring(_ keyring: PaymentKeyring, cardId: String) throws(DigitalCardError) {
        let data: Data
        do {
            data = try JSONEncoder().encode(keyring)
        } catch {
            throw DigitalCardError(.storageFailure, "the payment keys cannot be encoded")
        }
        try secrets.write(Self.keyringName(cardId), data)
        keyrings[cardId] = keyring
    }

    /// Asks the service for a new batch, decrypts it with the wallet's key
    /// and replaces the card's keys (the service has revoked the old ones).
    @discardableResult
    func replenish(cardId: String) async throws(DigitalCardError) -> DigitalCardResource {
        let wallet = try walletCredentials()
        let batch: PaymentKeyBatch
        do {
            batch = try await send(
                APIPaths.walletPaymentKeys(issuerId: configuration.issuerId, walletId: wallet.walletId, cardId: cardId))
        } catch {
            throw await cardScopedError(error, cardId: cardId)
        }
        guard batch.cardId == cardId else {
            throw DigitalCardError(.invalidFormat, "the service sent keys of another card")
        }
        let keys = try PaymentKeyDecryptor(crypto: crypto).open(batch, walletPrivateKey: wallet.privateKey)
        try storeKeyring(PaymentKeyring(keyType: batch.keyType, issuedAt: batch.issuedAt, keys: keys), cardId: cardId)
        var resource = try await card(id: cardId)
        resource.paymentKeyInfo = batch.paymentKeyInfo
        try apply(resource)
        return resource
    }

    /// The card's key counts as this device sees them: the keys it holds and
    /// can still use, against the service's replenishment threshold.
    func paymentKeyInfo(
        for resource: DigitalCardResource, at date: Date = Date()
    ) throws(DigitalCardError)
        -> DigitalCard.PaymentKeyInfo
    {
        let ring = try keyring(cardId: resource.id)
        let main = ring?.usable(scheme: resource.details.scheme, at: date) ?? []
        let auxiliary = resource.details.auxiliaryScheme.map { ring?.usable(scheme: $0, at: date) ?? [] }
        return DigitalCard.PaymentKeyInfo(
            PaymentKeyStatus(
                numberOfPaymentsLeft: main.count, auxiliaryNumberOfPaymentsLeft: auxiliary?.count,
                keyType: ring?.keyType ?? resource.paymentKeyInfo.keyType,
                keyExpiry: main.compactMap(\.expiresAt).min(),
                replenishmentThreshold: resource.paymentKeyInfo.replenishmentThreshold))
    }
}
