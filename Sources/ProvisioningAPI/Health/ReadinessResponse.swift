/// The answer of `GET /readyz`: 200 when every check is up, 503 otherwise
/// (with this same body, so a load balancer and a human both learn why).
public struct ReadinessResponse: Codable, Hashable, Sendable {
    /// ``HealthStatus/up`` when every check is up.
    public var status: HealthStatus
    /// The individual checks.
    public var checks: [ReadinessCheck]

    public init(checks: [ReadinessCheck]) {
        self.checks = checks
        self.status = checks.allSatisfy { $0.status == .up } ? .up : .down
    }

    public init(status: HealthStatus, checks: [ReadinessCheck]) {
        self.status = status
        self.checks = checks
    }
}
