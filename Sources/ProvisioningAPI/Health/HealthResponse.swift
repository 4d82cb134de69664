/// The answer of `GET /healthz`: the process is alive (always 200 while it
/// can answer at all).
package struct HealthResponse: Codable, Hashable, Sendable {
    /// ``HealthStatus/up``.
    package var status: HealthStatus
    /// The service's version string.
    package var version: String?

    package init(status: HealthStatus = .up, version: String? = nil) {
        self.status = status
        self.version = version
    }
}
