extension SimulatedWallet.Diagnostic.Code {
    /// The issuer extension's `status` did not complete within Apple's limit
    /// (about 100 ms); Wallet leaves the issuer out of its list.
    public static let statusTooSlow = Self(rawValue: "status-too-slow")
    /// The status asks for sign-in but the app has no sign-in (UI) extension.
    public static let authorizationExtensionMissing = Self(rawValue: "authorization-extension-missing")
    /// The user cancelled the sign-in (UI) extension, or it answered `.canceled`.
    public static let authorizationCanceled = Self(rawValue: "authorization-canceled")
    /// An entry Wallet cannot show: a repeated identifier, or not a payment entry.
    public static let invalidEntry = Self(rawValue: "invalid-entry")
    /// An entry's art is not 1536 × 969 (Apple's card art size).
    public static let cardArtNonconforming = Self(rawValue: "card-art-nonconforming")
    /// An entry offers a card that is already on the device Wallet asked about.
    public static let entryAlreadyOnDevice = Self(rawValue: "entry-already-on-device")
    /// The issuer answered no request (`nil`) for a card the user picked.
    public static let noRequest = Self(rawValue: "no-request")
}
