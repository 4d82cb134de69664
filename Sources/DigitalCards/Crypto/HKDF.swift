import Foundation

/// HKDF with SHA-256 (RFC 5869), built on the provider's HMAC so that every
/// platform derives the same bytes as the service.
struct HKDF: Sendable {
    let crypto: any WalletCryptoProvider

    func deriveKey(inputKeyMaterial: Data, salt: Data, info: Data, outputByteCount: Int) throws -> Data {
        guard outputByteCount > 0, outputByteCount <= 255 * 32 else {
            throw DigitalCardError(.cryptoFailure, "HKDF output length out of range")
        }
        // An absent salt is a string of HashLen zeros (RFC 5869 §2.2).
        let prk = try crypto.hmacSHA256(key: salt.isEmpty ? Data(count: 32) : salt, message: inputKeyMaterial)
        var output = Data()
        var previous = Data()
        var counter: UInt8 = 1
        while output.count < outputByteCount {
            previous = try crypto.hmacSHA256(key: prk, message: previous + info + Data([counter]))
            output.append(previous)
            counter &+= 1
        }
        return output.prefix(outputByteCount)
    }
}
