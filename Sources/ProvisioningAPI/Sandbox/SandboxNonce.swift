import Foundation

/// The answer of `POST /v1/sandbox/devices/{deviceId}/nonces`: a one-time
/// nonce for the next add-payment-pass attempt of that device.
package struct SandboxNonce: Codable, Hashable, Sendable {
    /// The nonce; single use, bound to the device.
    package var nonce: Data
    /// When it stops being accepted.
    package var expiresAt: Date

    package init(nonce: Data, expiresAt: Date) {
        self.nonce = nonce
        self.expiresAt = expiresAt
    }
}
