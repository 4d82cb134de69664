/// The scheme an issuer uses to encrypt the card data it hands to Apple Pay,
/// as in PassKit.
///
/// ```swift
/// let configuration = PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2)
/// ```
public struct PKEncryptionScheme: RawRepresentable, Hashable, Sendable {
    /// The scheme's wire name (`"EV_ECC_v2"`, `"EV_RSA_v2"`).
    public let rawValue: String

    /// Wraps a scheme name; unknown names are kept as given.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Elliptic-curve scheme, version 2 (`"EV_ECC_v2"`): ECDH P-256, concat KDF,
    /// AES-256-GCM. Mandatory for every issuer.
    public static let ECC_V2 = PKEncryptionScheme(rawValue: "EV_ECC_v2")

    /// RSA scheme, version 2 (`"EV_RSA_v2"`, iOS 10): the content key is wrapped
    /// for the leaf's RSA key. The sandbox does not accept it.
    public static let RSA_V2 = PKEncryptionScheme(rawValue: "EV_RSA_v2")
}
