import Foundation

/// The few cryptographic primitives the wallet needs: P-256 keys, ECDSA and
/// ECDH, SHA-256, HMAC-SHA-256 and AES-256-GCM decryption.
///
/// DigitalCards ships to iOS with Foundation only, and Foundation has no
/// elliptic-curve cryptography. On Apple platforms the SDK uses
/// `CryptoKitWalletCryptoProvider` (Apple platforms only) by default. Elsewhere (Linux, in tests,
/// the demo and `tpc`) there is no CryptoKit, so an implementation is injected
/// through ``DigitalCardsConfiguration/cryptoProvider``: the
/// `DigitalCardsOpenSSL` module provides one backed by OpenSSL, kept out of
/// this module so that the SDK itself never links a C library.
///
/// Keys cross this protocol as raw bytes — a private key as its 32-byte
/// big-endian scalar, a public key as an X9.62 uncompressed point (65 bytes) —
/// so the SDK can keep them in the Keychain or a 0600 file between launches.
/// Treat private scalars and everything derived from them as secrets.
///
/// Implementations must be thread-safe; methods are called from any task.
/// Errors thrown are reported to apps as ``DigitalCardError/Code/cryptoFailure``.
public protocol WalletCryptoProvider: Sendable {
    /// Generates a new P-256 private key from a cryptographically secure source.
    /// - Returns: the 32-byte big-endian private scalar.
    func generateP256PrivateKey() throws -> Data

    /// The public point of a private key.
    /// - Returns: the X9.62 uncompressed point, `0x04 ‖ X ‖ Y` (65 bytes).
    func p256PublicKey(privateKey: Data) throws -> Data

    /// ECDSA P-256 with SHA-256 over `message`.
    /// - Returns: the signature as raw `r ‖ s` (64 bytes).
    func p256Signature(for message: Data, privateKey: Data) throws -> Data

    /// Elliptic-curve Diffie–Hellman on P-256.
    /// - Parameters:
    ///   - privateKey: this wallet's P-256 private key, as the provider stores it.
    ///   - peerPublicKey: X9.62 uncompressed point; implementations must
    ///     reject points not on the curve.
    /// - Returns: the 32-byte X coordinate of the shared point.
    func p256SharedSecret(privateKey: Data, peerPublicKey: Data) throws -> Data

    /// SHA-256 of `data` (32 bytes).
    func sha256(_ data: Data) throws -> Data

    /// HMAC-SHA-256 of `message` under `key` (32 bytes).
    func hmacSHA256(key: Data, message: Data) throws -> Data

    /// AES-256-GCM decryption of `ciphertext ‖ tag` (16-byte tag).
    /// - Throws: when the tag does not verify; no plaintext is returned then.
    func aesGCMOpen(
        _ ciphertextAndTag: Data, key: Data, nonce: Data, authenticating additionalData: Data
    ) throws
        -> Data
}
