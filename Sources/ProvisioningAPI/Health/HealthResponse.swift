/// The answer of `GET /healthz`: the process is alive (always 200 while it
/// can answer at all).
public struct HealthResponse: Codable, Hashable, Sendable {
    /// ``HealthStatus/up``.
    public var status: HealthStatus
    /// The service's version string.
    public var version: String?

    public init(status: HealthStatus = .up, version: String? = nil) {
        self.status = status
        self.version = version
    }
}
