import Foundation

/// The body of `POST /v1/sandbox/devices/{deviceId}/passes/{serialNumber}/activate`:
/// PassKit's `activate(_:activationData:)` on a simulated device. Answered by
/// the updated ``SandboxPass``.
public struct SandboxPassActivationRequest: Codable, Hashable, Sendable {
    /// The activation data the issuer produced for this pass.
    public var activationData: Data

    public init(activationData: Data) {
        self.activationData = activationData
    }
}
