/// The scheme with which the service encrypts pass data for Apple.
///
/// The raw values are those of PassKit's `PKEncryptionScheme`. ``eccV2`` is the
/// default and the scheme every device supports; ``rsaV2`` answers with a
/// `wrappedKey` instead of an `ephemeralPublicKey`.
package enum PassEncryptionScheme: String, WireEnumeration {
    /// `EV_ECC_v2`: ephemeral P-256 ECDH, SHA-256 concat KDF, AES-256-GCM.
    case eccV2 = "EV_ECC_v2"
    /// `EV_RSA_v2`: an AES-256-GCM content key wrapped with the leaf's RSA key.
    case rsaV2 = "EV_RSA_v2"
}
