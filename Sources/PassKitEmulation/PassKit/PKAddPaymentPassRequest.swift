import Foundation

/// The issuer's encrypted card data for Apple Pay, as in PassKit (iOS 9): what
/// the delegate hands back to the add-payment-pass sheet.
///
/// For ``PKEncryptionScheme/ECC_V2`` set ``encryptedPassData``,
/// ``activationData`` and ``ephemeralPublicKey``; for
/// ``PKEncryptionScheme/RSA_V2`` set ``wrappedKey`` instead of the ephemeral
/// key.
///
/// ```swift
/// let request = PKAddPaymentPassRequest()
/// request.encryptedPassData = response.encryptedPassData
/// request.activationData = response.activationData
/// request.ephemeralPublicKey = response.ephemeralPublicKey
/// handler(request)
/// ```
///
/// Like Apple's class it is not `Sendable`: build it where you hand it over.
open class PKAddPaymentPassRequest: NSObject {
    /// Makes an empty request.
    public override init() {
        super.init()
    }

    /// The card data encrypted for Apple's leaf certificate.
    open var encryptedPassData: Data?

    /// The network's one-time value that activates the token.
    open var activationData: Data?

    /// ECC_V2: the ephemeral public key, 65-byte uncompressed point.
    open var ephemeralPublicKey: Data?

    /// RSA_V2: the content key wrapped for the leaf's RSA key.
    open var wrappedKey: Data?
}

/// What Wallet takes from the issuer's ``PKAddPaymentPassRequest``, copied
/// where the issuer hands it over, as Wallet receives a copy across the
/// process boundary on iOS.
struct IssuerPassRequest: Sendable {
    var encryptedPassData: Data?
    var activationData: Data?
    var ephemeralPublicKey: Data?
    var wrappedKey: Data?

    init(_ request: PKAddPaymentPassRequest) {
        encryptedPassData = request.encryptedPassData
        activationData = request.activationData
        ephemeralPublicKey = request.ephemeralPublicKey
        wrappedKey = request.wrappedKey
    }
}
