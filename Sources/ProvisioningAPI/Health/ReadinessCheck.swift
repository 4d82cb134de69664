/// One dependency checked by `GET /readyz`.
public struct ReadinessCheck: Codable, Hashable, Sendable {
    /// What was checked (`database`, `migrations`, `network:VISA`…).
    public var name: String
    /// Its state.
    public var status: HealthStatus
    /// Why it is down, without secrets (no connection strings).
    public var detail: String?

    public init(name: String, status: HealthStatus, detail: String? = nil) {
        self.name = name
        self.status = status
        self.detail = detail
    }
}
