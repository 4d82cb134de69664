import Foundation

/// The body of `POST /v1/sandbox/devices`: a simulated device introduces
/// itself to the sandbox's Apple side.
///
/// ``publicKey`` is the device's P-256 key as an X9.62 uncompressed point
/// (65 bytes, `0x04 ‖ X ‖ Y`) — the same form as ECC_V2's ephemeral key. The
/// sandbox verifies nonce signatures (ECDSA-SHA256, DER) with it. Answered by
/// ``SandboxDeviceRegistrationResponse`` (201).
package struct SandboxDeviceRegistrationRequest: Codable, Hashable, Sendable {
    /// iPhone or Watch.
    package var kind: SandboxDeviceKind
    /// The device's name ("Anna's iPhone").
    package var name: String
    /// The device's P-256 public key, X9.62 uncompressed point.
    package var publicKey: Data
    /// For a Watch: the iPhone it is paired with.
    package var pairedDeviceId: String?

    package init(kind: SandboxDeviceKind, name: String, publicKey: Data, pairedDeviceId: String? = nil) {
        self.kind = kind
        self.name = name
        self.publicKey = publicKey
        self.pairedDeviceId = pairedDeviceId
    }
}
