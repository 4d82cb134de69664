import Foundation

/// An approved payment, as the network answered the terminal.
public struct PaymentReceipt: Hashable, Sendable {
    /// The network's authorization identifier.
    public var authorizationId: String
    /// The card that paid.
    public var cardId: String
    /// The amount in minor units.
    public var amount: Int
    /// The currency.
    public var currency: String
    /// Keys the service still counts for the card after this payment.
    public var paymentsLeft: Int?

    public init(authorizationId: String, cardId: String, amount: Int, currency: String, paymentsLeft: Int?) {
        self.authorizationId = authorizationId
        self.cardId = cardId
        self.amount = amount
        self.currency = currency
        self.paymentsLeft = paymentsLeft
    }
}
