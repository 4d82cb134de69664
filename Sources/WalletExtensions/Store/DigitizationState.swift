/// Whether a card is in Wallet on one device, as the app last saw it.
public enum DigitizationState: String, Hashable, Sendable, Codable {
    /// No live pass for the card on the device: Wallet may offer it.
    case notDigitized
    /// A pass is on the device, ready or suspended.
    case digitized
    /// A pass is on the device waiting for identity verification.
    case pendingActivation
}
