/// The answer to a device registration.
package struct SandboxDeviceRegistrationResponse: Codable, Hashable, Sendable {
    /// The sandbox's identifier of the device, used in the device's routes.
    package var deviceId: String

    package init(deviceId: String) {
        self.deviceId = deviceId
    }
}
