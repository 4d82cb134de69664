/// The device a token was provisioned to, as the network reports it.
public struct DeviceInfo: Codable, Hashable, Sendable {
    /// The network's identifier of the device (for Apple, the secure element id).
    public var id: String
    /// The device's user-visible name ("Anna's Apple Watch").
    public var name: String
    /// The kind of device.
    public var type: DeviceType

    public init(id: String, name: String, type: DeviceType) {
        self.id = id
        self.name = name
        self.type = type
    }
}
