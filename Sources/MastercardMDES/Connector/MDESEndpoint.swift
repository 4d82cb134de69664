import Foundation
import ProvisioningHTTP
import Synchronization

/// Where an ``MDESConnector`` sends its calls: Mastercard's Customer Service
/// API, or the sandbox's copy of it, whose address is known only once the
/// listener is up (`tpc serve --sandbox` on port 0).
///
/// ```swift
/// let production = MDESEndpoint(baseURL: URL(string: "https://api.mastercard.com/mdes/csapi/v2")!)
/// let sandbox = MDESEndpoint()  // calls fail as unavailable until…
/// sandbox.set(baseURL: URL(string: "http://127.0.0.1:8080/mdes/csapi/v2")!)
/// ```
package final class MDESEndpoint: Sendable {
    /// The base, up to and including `/mdes/csapi/v2`, and the trust of its TLS.
    package struct Target: Sendable {
        package var baseURL: URL
        package var trust: HTTPClient.Trust
    }

    private let target: Mutex<Target?>

    package init(baseURL: URL, trust: HTTPClient.Trust = .systemRoots) {
        target = Mutex(Target(baseURL: baseURL, trust: trust))
    }

    /// An endpoint set later with ``set(baseURL:trust:)``.
    package init() {
        target = Mutex(nil)
    }

    package func set(baseURL: URL, trust: HTTPClient.Trust = .systemRoots) {
        target.withLock { $0 = Target(baseURL: baseURL, trust: trust) }
    }

    /// The target, or nil before it is set.
    package var current: Target? { target.withLock { $0 } }
}
