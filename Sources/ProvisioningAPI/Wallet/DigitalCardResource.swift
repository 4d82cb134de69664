/// A card digitized into the issuer's wallet, as the wallet API returns it.
///
/// Everything seed 004's `DigitalCard` shows, in one resource. The auxiliary
/// values are `nil` for single-brand cards.
package struct DigitalCardResource: Codable, Hashable, Sendable {
    /// The digital card's identifier.
    package var id: String
    /// The token's state (`INACTIVE` until ID&V completes).
    package var state: TokenStatus
    /// Whether this is the wallet's default card.
    package var isDefault: Bool
    /// The card product (selects the card art).
    package var productId: String?
    /// Suffixes and expiries.
    package var metadata: DigitalCardMetadata
    /// Payment keys left.
    package var paymentKeyInfo: PaymentKeyStatus
    /// Networks and channels.
    package var details: DigitalCardDetails
    /// The payment account reference of the main network.
    package var paymentAccountReference: String
    /// Dual-brand: the payment account reference of the auxiliary network.
    package var auxiliaryPaymentAccountReference: String?
    /// The open ID&V session of an inactive card.
    package var pendingActivation: PendingActivationSession?

    package init(
        id: String,
        state: TokenStatus,
        isDefault: Bool,
        productId: String? = nil,
        metadata: DigitalCardMetadata,
        paymentKeyInfo: PaymentKeyStatus,
        details: DigitalCardDetails,
        paymentAccountReference: String,
        auxiliaryPaymentAccountReference: String? = nil,
        pendingActivation: PendingActivationSession? = nil
    ) {
        self.id = id
        self.state = state
        self.isDefault = isDefault
        self.productId = productId
        self.metadata = metadata
        self.paymentKeyInfo = paymentKeyInfo
        self.details = details
        self.paymentAccountReference = paymentAccountReference
        self.auxiliaryPaymentAccountReference = auxiliaryPaymentAccountReference
        self.pendingActivation = pendingActivation
    }

    /// Whether the card is dual-brand.
    package var hasAuxiliaryScheme: Bool { details.auxiliaryScheme != nil }
}
