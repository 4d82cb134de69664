import Foundation

/// What ``TPCSDK/generateAddPaymentPassRequestForInput(_:completion:)`` needs:
/// the bank's encrypted card payload and authorization code, and what Apple
/// Wallet handed the issuer extension.
///
/// A class, as in the seeds, so that optional values are set after creation:
///
/// ```swift
/// let sdkInput = GenerateAddPaymentPassRequestInput(scheme: .Mastercard,
///         encryptedPayload: encryptedPayload, authorizationCode: authorizationCode,
///         certificateChain: certificates, nonce: nonce, nonceSignature: nonceSignature)
/// sdkInput.productId = "<productId>"   // domestic schemes only
/// ```
///
/// The SDK copies the values when the call starts; later changes do not
/// affect a call in progress.
public final class GenerateAddPaymentPassRequestInput {
    /// The card's network.
    public var scheme: CardScheme
    /// CMS enveloped data of the card, base64, from the bank's backend.
    public var encryptedPayload: String
    /// The bank's single-use authorization code.
    public var authorizationCode: String
    /// Apple's certificates, DER, leaf first.
    public var certificateChain: [Data]
    /// Apple's one-time nonce.
    public var nonce: Data
    /// The device's signature over the nonce.
    public var nonceSignature: Data
    /// The product identifier of a domestic scheme, from the bank's card
    /// management system; `nil` otherwise.
    public var productId: String?
    /// The second network of a dual-brand card, if any.
    public var auxiliaryScheme: CardScheme?
    /// Apple's identifier of the funding account when the card is already on
    /// another device, if known.
    public var primaryAccountIdentifier: String?

    /// Makes an input from the values Apple Wallet and the bank provide.
    public init(
        scheme: CardScheme, encryptedPayload: String, authorizationCode: String, certificateChain: [Data],
        nonce: Data, nonceSignature: Data
    ) {
        self.scheme = scheme
        self.encryptedPayload = encryptedPayload
        self.authorizationCode = authorizationCode
        self.certificateChain = certificateChain
        self.nonce = nonce
        self.nonceSignature = nonceSignature
    }

    /// A Sendable copy of the values, taken when a call starts.
    var snapshot: ProvisioningInput {
        ProvisioningInput(
            scheme: scheme.schemeName, auxiliaryScheme: auxiliaryScheme?.schemeName, productId: productId,
            encryptedPayload: encryptedPayload, authorizationCode: authorizationCode,
            primaryAccountIdentifier: primaryAccountIdentifier)
    }
}
