/// The body of `POST /v1/sandbox/devices/{deviceId}/lost-mode`: Find My's
/// lost mode on a simulated device, the cardholder's own suspension of the
/// device's payment passes. Answered by the device's ``SandboxPassList``.
///
/// Turning it on suspends each active or suspended pass for the cardholder
/// (MDES suspender `C`); turning it off lifts the cardholder's suspensions.
/// Under the networks' rules for Apple Pay, a pass the issuer suspended is
/// neither suspended nor resumed by the cardholder: it keeps its state.
package struct SandboxLostModeRequest: Codable, Hashable, Sendable {
    /// Whether the device is in lost mode.
    package var enabled: Bool

    package init(enabled: Bool) {
        self.enabled = enabled
    }
}
