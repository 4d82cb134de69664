import Foundation

/// The body of `POST /v1/sandbox/devices/{deviceId}/passes`: a simulated
/// device submits the `PKAddPaymentPassRequest` the issuer app produced,
/// with the request configuration's display fields, as a real device would
/// send them to Apple.
///
/// The sandbox decrypts ``encryptedPassData`` with its leaf key, checks that
/// ``nonce`` was issued to this device and is unused, checks the nonce and
/// signature inside the pass data, asks the network to tokenize (the test
/// card decides the outcome) and answers with the resulting ``SandboxPass``
/// (201), or a `declined` problem.
package struct SandboxPassRequest: Codable, Hashable, Sendable {
    /// From the issuer: the encrypted pass data.
    package var encryptedPassData: Data
    /// From the issuer: the network's activation data.
    package var activationData: Data
    /// From the issuer, ECC_V2: the ephemeral public key.
    package var ephemeralPublicKey: Data?
    /// From the issuer, RSA_V2: the wrapped key.
    package var wrappedKey: Data?
    /// The nonce the device obtained for this attempt.
    package var nonce: Data
    /// The configuration's encryption scheme; `nil` means ECC_V2.
    package var encryptionScheme: PassEncryptionScheme?
    /// The configuration's primary account identifier, if any.
    package var primaryAccountIdentifier: String?
    /// The configuration's PAN suffix, if any.
    package var primaryAccountSuffix: String?
    /// The configuration's cardholder name, if any.
    package var cardholderName: String?
    /// The configuration's payment network, if any.
    package var paymentNetwork: CardSchemeName?
    /// The configuration's localized description, if any.
    package var localizedDescription: String?

    package init(
        encryptedPassData: Data,
        activationData: Data,
        ephemeralPublicKey: Data? = nil,
        wrappedKey: Data? = nil,
        nonce: Data,
        encryptionScheme: PassEncryptionScheme? = nil,
        primaryAccountIdentifier: String? = nil,
        primaryAccountSuffix: String? = nil,
        cardholderName: String? = nil,
        paymentNetwork: CardSchemeName? = nil,
        localizedDescription: String? = nil
    ) {
        self.encryptedPassData = encryptedPassData
        self.activationData = activationData
        self.ephemeralPublicKey = ephemeralPublicKey
        self.wrappedKey = wrappedKey
        self.nonce = nonce
        self.encryptionScheme = encryptionScheme
        self.primaryAccountIdentifier = primaryAccountIdentifier
        self.primaryAccountSuffix = primaryAccountSuffix
        self.cardholderName = cardholderName
        self.paymentNetwork = paymentNetwork
        self.localizedDescription = localizedDescription
    }
}
