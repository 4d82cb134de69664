import Foundation
import ProvisioningAPI
import ProvisioningCrypto

/// A simulated iPhone or Watch known to the sandbox's Apple side.
struct SandboxDevice: Sendable {
    let id: String
    let kind: SandboxDeviceKind
    let name: String
    let publicKey: P256.PublicKey
    let pairedDeviceId: String?

    /// The device as a network reports it to the issuer.
    var info: DeviceInfo {
        DeviceInfo(id: id, name: name, type: kind == .watch ? .watch : .phone)
    }
}
