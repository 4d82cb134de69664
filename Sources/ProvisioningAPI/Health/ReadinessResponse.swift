/// The answer of `GET /readyz`: 200 when every check is up, 503 otherwise
/// (with this same body, so a load balancer and a human both learn why).
package struct ReadinessResponse: Codable, Hashable, Sendable {
    /// ``HealthStatus/up`` when every check is up.
    package var status: HealthStatus
    /// The individual checks.
    package var checks: [ReadinessCheck]

    package init(checks: [ReadinessCheck]) {
        self.checks = checks
        self.status = checks.allSatisfy { $0.status == .up } ? .up : .down
    }

    package init(status: HealthStatus, checks: [ReadinessCheck]) {
        self.status = status
        self.checks = checks
    }
}
