/// A card's digitization on the iPhone and on the paired Watch: the snapshot
/// the Wallet extension's `status` answers from without any lookup.
public struct DeviceDigitization: Hashable, Sendable, Codable {
    /// On this iPhone.
    public var iPhone: DigitizationState
    /// On the paired Watch.
    public var watch: DigitizationState

    /// Makes a snapshot; by default the card is on neither device.
    public init(iPhone: DigitizationState = .notDigitized, watch: DigitizationState = .notDigitized) {
        self.iPhone = iPhone
        self.watch = watch
    }
}
