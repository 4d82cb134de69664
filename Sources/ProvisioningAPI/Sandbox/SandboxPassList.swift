/// The answer of `GET /v1/sandbox/devices/{deviceId}/passes`.
public struct SandboxPassList: Codable, Hashable, Sendable {
    /// The device's passes, deactivated ones included.
    public var passes: [SandboxPass]

    public init(passes: [SandboxPass]) {
        self.passes = passes
    }
}
