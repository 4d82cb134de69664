/// A card digitized into the issuer's wallet, as the wallet API returns it.
///
/// Everything seed 004's `DigitalCard` shows, in one resource. The auxiliary
/// values are `nil` for single-brand cards.
public struct DigitalCardResource: Codable, Hashable, Sendable {
    /// The digital card's identifier.
    public var id: String
    /// The token's state (`INACTIVE` until ID&V completes).
    public var state: TokenStatus
    /// Whether this is the wallet's default card.
    public var isDefault: Bool
    /// The card product (selects the card art).
    public var productId: String?
    /// Suffixes and expiries.
    public var metadata: DigitalCardMetadata
    /// Payment keys left.
    public var paymentKeyInfo: PaymentKeyStatus
    /// Networks and channels.
    public var details: DigitalCardDetails
    /// The payment account reference of the main network.
    public var paymentAccountReference: String
    /// Dual-brand: the payment account reference of the auxiliary network.
    public var auxiliaryPaymentAccountReference: String?
    /// The open ID&V session of an inactive card.
    public var pendingActivation: PendingActivationSession?

    public init(
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
    public var hasAuxiliaryScheme: Bool { details.auxiliaryScheme != nil }
}
