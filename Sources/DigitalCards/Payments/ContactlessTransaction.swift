import Foundation

/// What a terminal asks a card to pay: amount, currency, merchant and the
/// terminal's random challenge.
///
/// ```swift
/// let transaction = ContactlessTransaction(amount: 1250, currency: "EUR", merchantName: "Café Sol")
/// let receipt = try await card.payContactless(transaction, at: terminal)
/// ```
public struct ContactlessTransaction: Hashable, Sendable {
    /// The amount in minor units (cents), 1…99 999 999.
    public var amount: Int
    /// ISO 4217 alphabetic currency code, three upper-case letters.
    public var currency: String
    /// The merchant's name, at most 64 characters.
    public var merchantName: String?
    /// The terminal's random challenge, 4…32 bytes.
    public var unpredictableNumber: Data
    /// When the transaction happens.
    public var date: Date
    /// Pay with the dual-brand card's auxiliary network instead of the main one.
    public var useAuxiliaryScheme: Bool

    /// Makes a transaction; the challenge is drawn at random when not given.
    public init(
        amount: Int, currency: String, merchantName: String? = nil, unpredictableNumber: Data? = nil,
        date: Date = Date(), useAuxiliaryScheme: Bool = false
    ) {
        self.amount = amount
        self.currency = currency
        self.merchantName = merchantName
        var generator = SystemRandomNumberGenerator()
        self.unpredictableNumber =
            unpredictableNumber ?? Data((0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) })
        self.date = date
        self.useAuxiliaryScheme = useAuxiliaryScheme
    }

    func validate() throws(DigitalCardError) {
        guard (1...99_999_999).contains(amount) else {
            throw DigitalCardError(.invalidArgument, "the amount is out of range")
        }
        guard currency.count == 3, currency.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw DigitalCardError(.invalidArgument, "the currency is not an ISO 4217 code")
        }
        guard (4...32).contains(unpredictableNumber.count) else {
            throw DigitalCardError(.invalidArgument, "the unpredictable number must be 4 to 32 bytes")
        }
        if let merchantName {
            guard merchantName.count <= 64,
                !merchantName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw DigitalCardError(.invalidArgument, "the merchant name is too long or has control characters") }
        }
    }
}
