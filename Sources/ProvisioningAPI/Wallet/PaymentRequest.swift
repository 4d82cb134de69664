import Foundation

/// The body of `POST /v1/sandbox/payments`: a sandbox terminal submits a
/// contactless payment made by a wallet with one payment key.
///
/// The sandbox network recomputes ``cryptogram`` with the key over the
/// transaction data (amount, currency, date, unpredictable number), checks it
/// and consumes the key. Answered by ``PaymentResult``.
public struct PaymentRequest: Codable, Hashable, Sendable {
    /// The digital card that paid.
    public var cardId: String
    /// The key used; unusable afterwards.
    public var keyId: String
    /// The amount in minor units (cents).
    public var amount: Int
    /// ISO 4217 alphabetic currency code.
    public var currency: String
    /// The terminal's random challenge.
    public var unpredictableNumber: Data
    /// When the transaction happened.
    public var transactionDate: Date
    /// The device's cryptogram over the transaction data.
    public var cryptogram: Data
    /// The merchant's name, for display.
    public var merchantName: String?

    public init(
        cardId: String,
        keyId: String,
        amount: Int,
        currency: String,
        unpredictableNumber: Data,
        transactionDate: Date,
        cryptogram: Data,
        merchantName: String? = nil
    ) {
        self.cardId = cardId
        self.keyId = keyId
        self.amount = amount
        self.currency = currency
        self.unpredictableNumber = unpredictableNumber
        self.transactionDate = transactionDate
        self.cryptogram = cryptogram
        self.merchantName = merchantName
    }
}
