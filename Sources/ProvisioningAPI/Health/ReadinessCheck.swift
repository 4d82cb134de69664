/// One dependency checked by `GET /readyz`.
package struct ReadinessCheck: Codable, Hashable, Sendable {
    /// What was checked (`database`, `migrations`, `network:VISA`…).
    package var name: String
    /// Its state.
    package var status: HealthStatus
    /// Why it is down, without secrets (no connection strings).
    package var detail: String?

    package init(name: String, status: HealthStatus, detail: String? = nil) {
        self.name = name
        self.status = status
        self.detail = detail
    }
}
