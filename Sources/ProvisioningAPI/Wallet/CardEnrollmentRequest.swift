/// The body of `POST /v1/issuers/{issuerId}/wallets/{walletId}/cards`: enrol
/// a card into the wallet from the bank's encrypted payload, as in Apple Pay
/// provisioning. Answered by ``DigitalCardResource`` (201); a card needing
/// ID&V comes back ``TokenStatus/inactive`` with a ``PendingActivationSession``.
package struct CardEnrollmentRequest: Codable, Hashable, Sendable {
    /// The card's network.
    package var scheme: CardSchemeName
    /// The product identifier, if any.
    package var productId: String?
    /// CMS enveloped data for the issuer's payload certificate, base64 text.
    package var encryptedPayload: String
    /// The bank's single-use authorization code (scope `wallet:enrol`).
    package var authorizationCode: String

    package init(
        scheme: CardSchemeName, productId: String? = nil, encryptedPayload: String, authorizationCode: String
    ) {
        self.scheme = scheme
        self.productId = productId
        self.encryptedPayload = encryptedPayload
        self.authorizationCode = authorizationCode
    }
}
