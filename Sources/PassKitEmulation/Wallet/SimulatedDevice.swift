/// One simulated device in a ``SimulatedWallet``: the iPhone or its paired
/// Watch, registered at the sandbox with its own P-256 key.
public struct SimulatedDevice: Hashable, Sendable, Codable {
    /// What kind of device it is.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The iPhone the issuer app runs on.
        case iPhone
        /// The Apple Watch paired with that iPhone.
        case watch
    }

    /// The sandbox's identifier for the device.
    public let id: String
    /// The device's name, as passes report it (`PKPass.deviceName`).
    public let name: String
    /// iPhone or Watch.
    public let kind: Kind

    /// Describes a registered device.
    public init(id: String, name: String, kind: Kind) {
        self.id = id
        self.name = name
        self.kind = kind
    }
}
