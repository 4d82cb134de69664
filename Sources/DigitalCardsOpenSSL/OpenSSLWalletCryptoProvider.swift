import DigitalCards
import Foundation
import ProvisioningCrypto

/// ``WalletCryptoProvider`` backed by OpenSSL through ``ProvisioningCrypto``:
/// the provider for Linux, where CryptoKit does not exist.
///
/// This module exists so that DigitalCards itself stays Foundation-only and
/// ships to iOS unchanged; only server-side and Linux users (tests, the
/// demo, `tpc`) link it, and with it OpenSSL.
///
/// ```swift
/// try DigitalCardManager.configure(
///     url: sandboxURL, issuerId: issuerId, storageDirectory: directory,
///     cryptoProvider: OpenSSLWalletCryptoProvider())
/// ```
public struct OpenSSLWalletCryptoProvider: WalletCryptoProvider {
    public init() {}

    public func generateP256PrivateKey() throws -> Data {
        Data(try P256.PrivateKey().rawRepresentation)
    }

    public func p256PublicKey(privateKey: Data) throws -> Data {
        Data(try P256.PrivateKey(rawRepresentation: [UInt8](privateKey)).publicKeyX963Representation)
    }

    public func p256Signature(for message: Data, privateKey: Data) throws -> Data {
        let key = try P256.PrivateKey(rawRepresentation: [UInt8](privateKey))
        return Data(try key.signature(for: [UInt8](message)).rawRepresentation)
    }

    public func p256SharedSecret(privateKey: Data, peerPublicKey: Data) throws -> Data {
        let key = try P256.PrivateKey(rawRepresentation: [UInt8](privateKey))
        let peer = try P256.PublicKey(x963Representation: [UInt8](peerPublicKey))
        return Data(try key.sharedSecret(with: peer))
    }

    public func sha256(_ data: Data) throws -> Data {
        Data(try SHA256.hash(data: [UInt8](data)))
    }

    public func hmacSHA256(key: Data, message: Data) throws -> Data {
        Data(try HMACSHA256.authenticationCode(for: [UInt8](message), key: [UInt8](key)))
    }

    public func aesGCMOpen(
        _ ciphertextAndTag: Data, key: Data, nonce: Data, authenticating additionalData: Data
    )
        throws -> Data
    {
        Data(
            try AES256GCM.openCombined(
                [UInt8](ciphertextAndTag), key: [UInt8](key), iv: [UInt8](nonce), aad: [UInt8](additionalData)))
    }
}
