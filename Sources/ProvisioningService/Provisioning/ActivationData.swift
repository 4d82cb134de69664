import ProvisioningCrypto

/// The `activationData` the service returns with Apple's encrypted pass data and
/// the network checks when the pass is activated.
///
/// Real networks each define their own format; the service and the sandbox
/// network share this one, the sandbox's own (docs/architecture.md, glossary):
///
///     0x01 ‖ provisioningId (16 bytes) ‖ HMAC-SHA256(secret, "pp-activation-v1" ‖ provisioningId ‖ nonce)[0..<16]
///
/// `secret` is the issuer's `activationDataSecret`, shared with the network at
/// onboarding. Binding the nonce makes the value single-use per add request;
/// carrying the provisioning id lets the network tell the service which
/// provisioning attempt (and so which card) a new token belongs to.
package enum ActivationData {
    static let version: UInt8 = 0x01
    static let label = Array("pp-activation-v1".utf8)
    /// Bytes of the provisioning id.
    package static let provisioningIdByteCount = 16
    static let macByteCount = 16
    /// Total length of the encoded value.
    package static let byteCount = 1 + provisioningIdByteCount + macByteCount

    /// Encodes activation data for a provisioning attempt.
    /// - Throws: ``CryptoError`` when the id has the wrong length or HMAC fails.
    package static func make(provisioningId: [UInt8], nonce: [UInt8], secret: [UInt8]) throws -> [UInt8] {
        guard provisioningId.count == provisioningIdByteCount else {
            throw CryptoError(.invalidArgument, "provisioning id must be \(provisioningIdByteCount) bytes")
        }
        let mac = try HMACSHA256.authenticationCode(for: label + provisioningId + nonce, key: secret)
        return [version] + provisioningId + mac.prefix(macByteCount)
    }

    /// Checks activation data against the nonce of the add request it was made
    /// for, in constant time, and returns the provisioning id it carries.
    /// - Returns: nil when the value is malformed or was not made with `secret` for `nonce`.
    package static func verify(_ data: [UInt8], nonce: [UInt8], secret: [UInt8]) -> [UInt8]? {
        guard data.count == byteCount, data[0] == version else { return nil }
        let provisioningId = Array(data[1...provisioningIdByteCount])
        guard let expected = try? make(provisioningId: provisioningId, nonce: nonce, secret: secret),
            ConstantTime.equals(expected, data)
        else { return nil }
        return provisioningId
    }
}
