// CryptoKit exists on Apple platforms only; on Linux this file compiles to
// nothing and a provider is injected instead (see WalletCryptoProvider).
#if canImport(CryptoKit)
import CryptoKit
import Foundation

/// ``WalletCryptoProvider`` backed by Apple's CryptoKit: the default on iOS,
/// macOS and watchOS.
///
/// ```swift
/// let configuration = try DigitalCardsConfiguration(
///     url: "https://bank.example/mg/tpc", issuerId: "bank-1",
///     storageDirectory: applicationSupport, cryptoProvider: CryptoKitWalletCryptoProvider())
/// ```
public struct CryptoKitWalletCryptoProvider: WalletCryptoProvider {
    public init() {}

    public func generateP256PrivateKey() throws -> Data {
        P256.Signing.PrivateKey().rawRepresentation
    }

    public func p256PublicKey(privateKey: Data) throws -> Data {
        try P256.Signing.PrivateKey(rawRepresentation: privateKey).publicKey.x963Representation
    }

    public func p256Signature(for message: Data, privateKey: Data) throws -> Data {
        // CryptoKit hashes with SHA-256 itself and returns raw r ‖ s.
        try P256.Signing.PrivateKey(rawRepresentation: privateKey).signature(for: message).rawRepresentation
    }

    public func p256SharedSecret(privateKey: Data, peerPublicKey: Data) throws -> Data {
        let key = try P256.KeyAgreement.PrivateKey(rawRepresentation: privateKey)
        // x963Representation validates that the point is on the curve.
        let peer = try P256.KeyAgreement.PublicKey(x963Representation: peerPublicKey)
        let secret = try key.sharedSecretFromKeyAgreement(with: peer)
        return secret.withUnsafeBytes { Data($0) }
    }

    public func sha256(_ data: Data) throws -> Data {
        Data(SHA256.hash(data: data))
    }

    public func hmacSHA256(key: Data, message: Data) throws -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }

    public func aesGCMOpen(
        _ ciphertextAndTag: Data, key: Data, nonce: Data, authenticating additionalData: Data
    )
        throws -> Data
    {
        guard ciphertextAndTag.count >= 16, key.count == 32 else {
            throw DigitalCardError(.cryptoFailure, "AES-GCM input has the wrong size")
        }
        let split = ciphertextAndTag.count - 16
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce), ciphertext: ciphertextAndTag.prefix(split),
            tag: ciphertextAndTag.suffix(16))
        return try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: additionalData)
    }
}
#endif
