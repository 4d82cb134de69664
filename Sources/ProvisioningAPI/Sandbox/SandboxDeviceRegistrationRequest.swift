import Foundation

/// The body of `POST /v1/sandbox/devices`: a simulated device introduces
/// itself to the sandbox's Apple side.
///
/// ``publicKey`` is the device's P-256 key as an X9.62 uncompressed point
/// (65 bytes, `0x04 ‖ X ‖ Y`) — the same form as ECC_V2's ephemeral key. The
/// sandbox verifies nonce signatures (ECDSA-SHA256, DER) with it. Answered by
/// ``SandboxDeviceRegistrationResponse`` (201).
public struct SandboxDeviceRegistrationRequest: Codable, Hashable, Sendable {
    /// iPhone or Watch.
    public var kind: SandboxDeviceKind
    /// The device's name ("Anna's iPhone").
    public var name: String
    /// The device's P-256 public key, X9.62 uncompressed point.
    public var publicKey: Data
    /// For a Watch: the iPhone it is paired with.
    public var pairedDeviceId: String?

    public init(kind: SandboxDeviceKind, name: String, publicKey: Data, pairedDeviceId: String? = nil) {
        self.kind = kind
        self.name = name
        self.publicKey = publicKey
        self.pairedDeviceId = pairedDeviceId
    }
}
