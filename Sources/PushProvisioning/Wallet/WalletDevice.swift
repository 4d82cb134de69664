/// The two devices whose Wallet the SDK can see: this iPhone and the Apple
/// Watch paired with it.
public enum WalletDevice: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// This iPhone (`PKPassLibrary.passes(of:)`).
    case iPhone
    /// The paired Apple Watch (`PKPassLibrary.remoteSecureElementPasses`).
    case watch

    public var description: String { rawValue }
}
