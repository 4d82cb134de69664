/// The answer to a device registration.
public struct SandboxDeviceRegistrationResponse: Codable, Hashable, Sendable {
    /// The sandbox's identifier of the device, used in the device's routes.
    public var deviceId: String

    public init(deviceId: String) {
        self.deviceId = deviceId
    }
}
