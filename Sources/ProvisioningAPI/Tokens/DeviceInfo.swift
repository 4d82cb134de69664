/// The device a token was provisioned to, as the network reports it.
package struct DeviceInfo: Codable, Hashable, Sendable {
    /// The network's identifier of the device (for Apple, the secure element id).
    package var id: String
    /// The device's user-visible name ("Anna's Apple Watch").
    package var name: String
    /// The kind of device.
    package var type: DeviceType

    package init(id: String, name: String, type: DeviceType) {
        self.id = id
        self.name = name
        self.type = type
    }
}
