import Foundation
import ProvisioningHTTP
import TestSupport

/// A throwaway self-signed certificate for `localhost` (not naming
/// 127.0.0.1), as `tpc serve --tls-cert` users often make theirs, loaded as
/// the server's TLS configuration.
enum SelfSignedTLS {
    static func make() async throws -> HTTPServer.TLS {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = try await SelfSignedCertificate.make(in: directory)
        return HTTPServer.TLS(certificateChainPEM: try made.certificatePEM(), privateKeyPEM: try made.privateKeyPEM())
    }
}
