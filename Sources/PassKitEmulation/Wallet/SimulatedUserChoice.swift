/// What the simulated user does on the add-payment-pass sheet.
///
/// Script the choices with ``SimulatedWallet/scriptUser(_:)-(SimulatedUserChoice...)``; each sheet
/// takes the next one. With nothing scripted the user adds to the first
/// device that can take the card (the iPhone, then the Watch).
public enum SimulatedUserChoice: Hashable, Sendable {
    /// Add the card to the iPhone.
    case addToPhone
    /// Add the card to the paired Watch.
    case addToWatch
    /// Cancel the sheet.
    case cancel
}
