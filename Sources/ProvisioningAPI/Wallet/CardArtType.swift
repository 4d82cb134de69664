/// The six card-art images of a card product.
public enum CardArtType: String, WireEnumeration {
    /// The bank's logo.
    case bankLogo = "BANK_LOGO"
    /// The network's logo.
    case schemeLogo = "SCHEME_LOGO"
    /// The card's background.
    case cardBackground = "CARD_BACKGROUND"
    /// The background with logos composed on it.
    case cardBackgroundCombined = "CARD_BACKGROUND_COMBINED"
    /// The co-brand partner's logo.
    case coBrandLogo = "CO_BRAND_LOGO"
    /// A small icon of the card.
    case cardIcon = "CARD_ICON"
}
