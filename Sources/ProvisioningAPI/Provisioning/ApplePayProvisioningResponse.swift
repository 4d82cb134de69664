import Foundation

/// The answer to ``ApplePayProvisioningRequest``: the fields of PassKit's
/// `PKAddPaymentPassRequest`.
///
/// The SDK copies them into the request it hands back to Apple Wallet. With
/// ECC_V2 ``ephemeralPublicKey`` is set (65-byte uncompressed P-256 point) and
/// ``wrappedKey`` is `nil`; with RSA_V2 the reverse.
public struct ApplePayProvisioningResponse: Codable, Hashable, Sendable {
    /// The pass data encrypted for Apple's leaf certificate.
    public var encryptedPassData: Data
    /// The network's one-time activation value, opaque to Apple and the SDK.
    public var activationData: Data
    /// ECC_V2: the ephemeral public key, X9.62 uncompressed point.
    public var ephemeralPublicKey: Data?
    /// RSA_V2: the content key wrapped for the leaf's RSA key.
    public var wrappedKey: Data?
    /// The service's identifier of this provisioning attempt (appears in the
    /// audit log and in support requests).
    public var provisioningId: String
    /// The network's token reference, when the network assigned one already.
    public var tokenReference: String?

    public init(
        encryptedPassData: Data,
        activationData: Data,
        ephemeralPublicKey: Data? = nil,
        wrappedKey: Data? = nil,
        provisioningId: String,
        tokenReference: String? = nil
    ) {
        self.encryptedPassData = encryptedPassData
        self.activationData = activationData
        self.ephemeralPublicKey = ephemeralPublicKey
        self.wrappedKey = wrappedKey
        self.provisioningId = provisioningId
        self.tokenReference = tokenReference
    }
}
