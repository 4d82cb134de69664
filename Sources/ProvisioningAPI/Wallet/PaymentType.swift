/// A channel a digital card can pay through.
public enum PaymentType: String, WireEnumeration {
    /// Tap to pay at a terminal.
    case contactless = "CONTACTLESS"
    /// Payments inside apps.
    case inApp = "IN_APP"
    /// Payments on the web.
    case online = "ONLINE"
}
