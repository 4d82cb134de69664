import Foundation
import ProvisioningAPI

extension WalletEngine {
    /// Takes one key of the card off the device and computes the cryptogram
    /// of `transaction` with it: what the phone hands a terminal on a tap.
    ///
    /// The key is removed before the cryptogram leaves the SDK, so it can
    /// never be used twice, whatever happens to the payment afterwards.
    func tap(
        cardId: String, transaction: ContactlessTransaction
    ) async throws(DigitalCardError)
        -> ContactlessPayment
    {
        try transaction.validate()
        let resource = try await card(id: cardId)
        guard resource.state == .active else {
            throw DigitalCardError(.illegalState, "only an active card can pay")
        }
        let scheme =
            transaction.useAuxiliaryScheme ? resource.details.auxiliaryScheme : resource.details.scheme
        guard let scheme else { throw DigitalCardError(.invalidArgument, "the card has no auxiliary scheme") }
        guard var ring = try keyring(cardId: cardId),
            let index = ring.keys.firstIndex(where: { $0.scheme == scheme && $0.isUsable(at: transaction.date) })
        else { throw DigitalCardError(.paymentKeysExhausted, "no payment key left on this device: replenish") }
        let key = ring.keys.remove(at: index)
        try storeKeyring(ring, cardId: cardId)
        var request = PaymentRequest(
            cardId: cardId, keyId: key.keyId, amount: transaction.amount, currency: transaction.currency,
            unpredictableNumber: transaction.unpredictableNumber, transactionDate: transaction.date, cryptogram: Data(),
            merchantName: transaction.merchantName)
        do {
            request.cryptogram = try crypto.hmacSHA256(key: key.secret, message: request.transactionData)
        } catch {
            throw DigitalCardError(.cryptoFailure, "the cryptogram cannot be computed")
        }
        return ContactlessPayment(request: request)
    }

    /// Notes the service's key count after a payment.
    func recordPayment(cardId: String, paymentsLeft: Int?) throws(DigitalCardError) {
        guard let paymentsLeft, var resource = currentSnapshot()?.cards.first(where: { $0.id == cardId }) else {
            return
        }
        let known = resource.paymentKeyInfo
        resource.paymentKeyInfo = PaymentKeyStatus(
            numberOfPaymentsLeft: paymentsLeft, auxiliaryNumberOfPaymentsLeft: known.auxiliaryNumberOfPaymentsLeft,
            keyType: known.keyType, keyExpiry: known.keyExpiry, replenishmentThreshold: known.replenishmentThreshold)
        try apply(resource)
    }
}
