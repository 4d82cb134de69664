import Foundation
import Synchronization

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
/// The emulation guards its properties with a lock so that a request built in
/// a task can be handed to the `@Sendable` completion handler.
open class PKAddPaymentPassRequest: NSObject, @unchecked Sendable {
    private struct Fields {
        var encryptedPassData: Data?
        var activationData: Data?
        var ephemeralPublicKey: Data?
        var wrappedKey: Data?
    }

    private let fields = Mutex(Fields())

    /// Makes an empty request.
    public override init() {
        super.init()
    }

    /// The card data encrypted for Apple's leaf certificate.
    open var encryptedPassData: Data? {
        get { fields.withLock { $0.encryptedPassData } }
        set { fields.withLock { $0.encryptedPassData = newValue } }
    }

    /// The network's one-time value that activates the token.
    open var activationData: Data? {
        get { fields.withLock { $0.activationData } }
        set { fields.withLock { $0.activationData = newValue } }
    }

    /// ECC_V2: the ephemeral public key, 65-byte uncompressed point.
    open var ephemeralPublicKey: Data? {
        get { fields.withLock { $0.ephemeralPublicKey } }
        set { fields.withLock { $0.ephemeralPublicKey = newValue } }
    }

    /// RSA_V2: the content key wrapped for the leaf's RSA key.
    open var wrappedKey: Data? {
        get { fields.withLock { $0.wrappedKey } }
        set { fields.withLock { $0.wrappedKey = newValue } }
    }
}
