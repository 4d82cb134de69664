import Foundation

/// The answer of `GET /v1/sandbox/certificates`: the sandbox's Apple-shaped
/// chain that a simulated device hands to the issuer app.
package struct SandboxCertificateChain: Codable, Hashable, Sendable {
    /// DER certificates, leaf first, then the intermediate (no root, as Apple).
    package var certificateChain: [Data]
    /// The sandbox root, DER, which the service pins in sandbox mode.
    package var rootCertificate: Data?

    package init(certificateChain: [Data], rootCertificate: Data? = nil) {
        self.certificateChain = certificateChain
        self.rootCertificate = rootCertificate
    }
}
