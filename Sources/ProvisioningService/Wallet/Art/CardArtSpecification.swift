import ProvisioningAPI

/// The rules card art must follow: one PNG per ``ProvisioningAPI/CardArtType``
/// and card product, of exactly the listed pixel size, at most
/// ``maximumByteCount`` bytes.
///
/// | Type | Pixels |
/// |---|---|
/// | `BANK_LOGO` | 240 × 60 |
/// | `SCHEME_LOGO` | 120 × 75 |
/// | `CARD_BACKGROUND` | 480 × 303 |
/// | `CARD_BACKGROUND_COMBINED` | 480 × 303 |
/// | `CO_BRAND_LOGO` | 120 × 60 |
/// | `CARD_ICON` | 64 × 40 |
///
/// The product id ``defaultProductId`` holds an issuer's fallback art, used
/// for cards without a product or whose product lacks a type.
package enum CardArtSpecification {
    /// The largest accepted file.
    package static let maximumByteCount = 512 * 1024
    /// The fallback product.
    package static let defaultProductId = "default"

    /// The required size of `type`.
    package static func size(of type: CardArtType) -> (width: Int, height: Int) {
        switch type {
        case .bankLogo: (240, 60)
        case .schemeLogo: (120, 75)
        case .cardBackground, .cardBackgroundCombined: (480, 303)
        case .coBrandLogo: (120, 60)
        case .cardIcon: (64, 40)
        }
    }

    /// Validates an upload of `type`.
    ///
    /// - Throws: ``ServiceError`` `body-too-large`, or `invalid-field` naming the
    ///   body: `malformed` (not a PNG) or `out-of-range` (the wrong size).
    package static func validate(_ png: [UInt8], as type: CardArtType) throws(ServiceError) -> PNGImage {
        let image = try PNGImage(validating: png, maximumByteCount: maximumByteCount)
        let expected = size(of: type)
        guard image.width == expected.width, image.height == expected.height else {
            throw ServiceError.artRefused(
                "\(type.rawValue) must be \(expected.width)x\(expected.height) pixels", reason: .outOfRange)
        }
        return image
    }
}
