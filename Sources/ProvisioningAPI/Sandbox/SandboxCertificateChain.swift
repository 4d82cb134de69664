import Foundation

/// The answer of `GET /v1/sandbox/certificates`: the sandbox's Apple-shaped
/// chain that a simulated device hands to the issuer app.
public struct SandboxCertificateChain: Codable, Hashable, Sendable {
    /// DER certificates, leaf first, then the intermediate (no root, as Apple).
    public var certificateChain: [Data]
    /// The sandbox root, DER, which the service pins in sandbox mode.
    public var rootCertificate: Data?

    public init(certificateChain: [Data], rootCertificate: Data? = nil) {
        self.certificateChain = certificateChain
        self.rootCertificate = rootCertificate
    }
}
