import Foundation

/// The service the demo talks to: its URL (base path included) and the
/// sandbox directory holding the test issuer's files (`sandbox.json`,
/// `issuer-code-key.pem`, `payload-certificate.pem`, `backoffice-api-key`).
package struct ServiceEndpoint: Hashable, Sendable {
    /// `http://127.0.0.1:PORT/mg/tpc`.
    package var baseURL: URL
    /// The sandbox directory of that service.
    package var sandboxDirectory: URL
}
