import Foundation

/// The body of `POST /v1/sandbox/payments`: a sandbox terminal submits a
/// contactless payment made by a wallet with one payment key.
///
/// The device computes ``cryptogram`` = HMAC-SHA256(payment key,
/// ``transactionData``) — all 32 bytes — with one key of the card. The
/// sandbox network recomputes it, checks it in constant time and consumes the
/// key: a key pays once. Answered by ``PaymentResult`` (200, `APPROVED` or
/// `DECLINED` with a reason).
public struct PaymentRequest: Codable, Hashable, Sendable {
    /// The digital card that paid.
    public var cardId: String
    /// The key used; unusable afterwards.
    public var keyId: String
    /// The amount in minor units (cents), 1…99 999 999.
    public var amount: Int
    /// ISO 4217 alphabetic currency code, three upper-case letters.
    public var currency: String
    /// The terminal's random challenge, 4…32 bytes.
    public var unpredictableNumber: Data
    /// When the transaction happened.
    public var transactionDate: Date
    /// The device's cryptogram over ``transactionData``, 32 bytes.
    public var cryptogram: Data
    /// The merchant's name, for display; at most 64 characters, no control characters.
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

    /// The first line of ``transactionData``.
    public static let transactionDataVersion = "TPC-CRYPTOGRAM-1"

    /// The canonical bytes the cryptogram covers: UTF-8 lines joined by `\n`
    /// (no trailing newline):
    ///
    /// ```text
    /// TPC-CRYPTOGRAM-1
    /// <cardId>
    /// <keyId>
    /// <amount, decimal>
    /// <currency>
    /// <merchantName, or empty>
    /// <unpredictableNumber, lower-case hex>
    /// <transactionDate, whole Unix seconds (floor)>
    /// ```
    ///
    /// Both the device and the network build it with this property, so the
    /// format cannot drift between them.
    public var transactionData: Data {
        let seconds = Int64(transactionDate.timeIntervalSince1970.rounded(.down))
        let hex = unpredictableNumber.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        let lines = [
            Self.transactionDataVersion, cardId, keyId, String(amount), currency, merchantName ?? "", hex,
            String(seconds),
        ]
        return Data(lines.joined(separator: "\n").utf8)
    }
}
