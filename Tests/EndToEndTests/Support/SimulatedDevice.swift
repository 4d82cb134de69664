import Foundation
import ProvisioningAPI
import ProvisioningCrypto

/// A simulated iPhone: a P-256 key registered with the sandbox, which signs
/// the nonces the sandbox issues to it (ECDSA-SHA256, DER).
struct SimulatedDevice: Sendable {
    let id: String
    let name: String
    let key: P256.PrivateKey

    func sign(_ nonce: [UInt8]) throws -> [UInt8] {
        try key.signature(for: nonce).derRepresentation
    }
}
