import Foundation

/// The body of `POST /v1/issuers/{issuerId}/applepay/provisioning`.
///
/// The SDK sends it from the add-payment-pass delegate: the bank's encrypted
/// card payload and authorization code, together with what Apple Wallet handed
/// the app (certificate chain, nonce, nonce signature).
///
/// Binary fields are `Data`, encoded as standard base64. ``encryptedPayload``
/// is the exception: it is the base64 text the bank's backend produced,
/// passed through unchanged, so the service (not the client) decides whether it
/// is well formed and answers `payload-undecryptable` when it is not.
///
/// ```swift
/// let request = ApplePayProvisioningRequest(
///     scheme: .visa, encryptedPayload: payload, authorizationCode: code,
///     certificateChain: certificates, nonce: nonce, nonceSignature: nonceSignature)
/// let body = try JSONEncoder.provisioningAPI.encode(request)
/// ```
///
/// Answered by ``ApplePayProvisioningResponse``; failures are ``ProblemDetails``
/// (`authorization-code-*`, `payload-*`, `certificate-chain-invalid`,
/// `nonce-replayed`, `invalid-field`, …).
package struct ApplePayProvisioningRequest: Codable, Hashable, Sendable {
    /// The card's payment network.
    package var scheme: CardSchemeName
    /// The product identifier of a domestic or co-branded product, if any.
    package var productId: String?
    /// The second network of a dual-brand card, if any.
    package var auxiliaryScheme: CardSchemeName?
    /// CMS enveloped data for the issuer's payload certificate, base64 text as
    /// produced by the bank's backend.
    package var encryptedPayload: String
    /// The bank's short-lived authorization code (a compact JWS). Single use.
    package var authorizationCode: String
    /// Apple's certificates, DER, leaf first (normally leaf then intermediate).
    package var certificateChain: [Data]
    /// Apple's one-time nonce.
    package var nonce: Data
    /// The device's signature over ``nonce``.
    package var nonceSignature: Data
    /// Apple's identifier of the funding account, when the pass already exists
    /// on another device (adding to the Watch, for example).
    package var primaryAccountIdentifier: String?
    /// The encryption scheme of the request configuration; `nil` means ECC_V2.
    package var encryptionScheme: PassEncryptionScheme?

    package init(
        scheme: CardSchemeName,
        productId: String? = nil,
        auxiliaryScheme: CardSchemeName? = nil,
        encryptedPayload: String,
        authorizationCode: String,
        certificateChain: [Data],
        nonce: Data,
        nonceSignature: Data,
        primaryAccountIdentifier: String? = nil,
        encryptionScheme: PassEncryptionScheme? = nil
    ) {
        self.scheme = scheme
        self.productId = productId
        self.auxiliaryScheme = auxiliaryScheme
        self.encryptedPayload = encryptedPayload
        self.authorizationCode = authorizationCode
        self.certificateChain = certificateChain
        self.nonce = nonce
        self.nonceSignature = nonceSignature
        self.primaryAccountIdentifier = primaryAccountIdentifier
        self.encryptionScheme = encryptionScheme
    }

    /// The scheme to use: ``encryptionScheme``, or ECC_V2 when absent.
    package var effectiveEncryptionScheme: PassEncryptionScheme { encryptionScheme ?? .eccV2 }
}
