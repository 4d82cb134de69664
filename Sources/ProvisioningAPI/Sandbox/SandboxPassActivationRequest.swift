import Foundation

/// The body of `POST /v1/sandbox/devices/{deviceId}/passes/{serialNumber}/activate`:
/// PassKit's `activate(_:activationData:)` on a simulated device. Answered by
/// the updated ``SandboxPass``.
package struct SandboxPassActivationRequest: Codable, Hashable, Sendable {
    /// The activation data the issuer produced for this pass.
    package var activationData: Data

    package init(activationData: Data) {
        self.activationData = activationData
    }
}
