/// The answer of `GET /v1/sandbox/devices/{deviceId}/passes`.
package struct SandboxPassList: Codable, Hashable, Sendable {
    /// The device's passes, deactivated ones included.
    package var passes: [SandboxPass]

    package init(passes: [SandboxPass]) {
        self.passes = passes
    }
}
