import Foundation
import PushProvisioning

#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

/// What the issuer app keeps about one card for its Wallet extensions: what
/// Wallet shows (title, cardholder, last four, scheme, art) and where the card
/// already is. No card number, expiry or code is ever stored.
///
/// ```swift
/// let card = StoredCard(id: "card-1", lastFour: "1234", cardholderName: "Ada Lovelace",
///                       scheme: .Mastercard, productTitle: "Everyday Debit")
/// try store.save(card, art: artData)
/// ```
public struct StoredCard: Hashable, Sendable, Codable, Identifiable {
    /// The bank's identifier for the card; also the Wallet entry identifier.
    public var id: String
    /// The PAN's last four digits.
    public var lastFour: String
    /// The name on the card.
    public var cardholderName: String
    /// The card's network.
    public var scheme: CardScheme
    /// The product name Wallet lists (e.g. "Everyday Debit").
    public var productTitle: String
    /// Apple's identifier of the funding account, once a pass exists on some
    /// device (`PKSecureElementPass.primaryAccountIdentifier`); lets Wallet
    /// offer only the device that still lacks the card.
    public var primaryAccountIdentifier: String?
    /// The product of a domestic scheme, for ``TPCSDK``; `nil` otherwise.
    public var productId: String?
    /// Where the card already is.
    public var digitization: DeviceDigitization
    /// The art's format, set by ``SharedCardStore/save(_:art:)``.
    public internal(set) var artFormat: CardArtCheck.Format?

    /// Describes a card; it is on neither device until the app says so.
    public init(
        id: String, lastFour: String, cardholderName: String, scheme: CardScheme, productTitle: String,
        primaryAccountIdentifier: String? = nil, productId: String? = nil,
        digitization: DeviceDigitization = DeviceDigitization()
    ) {
        self.id = id
        self.lastFour = lastFour
        self.cardholderName = cardholderName
        self.scheme = scheme
        self.productTitle = productTitle
        self.primaryAccountIdentifier = primaryAccountIdentifier
        self.productId = productId
        self.digitization = digitization
    }

    /// Whether Wallet may offer the card for the iPhone (`remote == false`)
    /// or the Watch.
    public func isAvailable(remote: Bool) -> Bool {
        (remote ? digitization.watch : digitization.iPhone) == .notDigitized
    }

    private enum CodingKeys: String, CodingKey {
        case id, lastFour, cardholderName, scheme, productTitle, primaryAccountIdentifier, productId, digitization
        case artFormat
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let schemeString = try container.decode(String.self, forKey: .scheme)
        guard let scheme = CardScheme(schemeString: schemeString) else {
            throw DecodingError.dataCorruptedError(forKey: .scheme, in: container, debugDescription: "unknown scheme")
        }
        self.init(
            id: try container.decode(String.self, forKey: .id),
            lastFour: try container.decode(String.self, forKey: .lastFour),
            cardholderName: try container.decode(String.self, forKey: .cardholderName), scheme: scheme,
            productTitle: try container.decode(String.self, forKey: .productTitle),
            primaryAccountIdentifier: try container.decodeIfPresent(String.self, forKey: .primaryAccountIdentifier),
            productId: try container.decodeIfPresent(String.self, forKey: .productId),
            digitization: try container.decode(DeviceDigitization.self, forKey: .digitization))
        artFormat = try container.decodeIfPresent(CardArtCheck.Format.self, forKey: .artFormat)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(lastFour, forKey: .lastFour)
        try container.encode(cardholderName, forKey: .cardholderName)
        try container.encode(scheme.schemeString, forKey: .scheme)
        try container.encode(productTitle, forKey: .productTitle)
        try container.encodeIfPresent(primaryAccountIdentifier, forKey: .primaryAccountIdentifier)
        try container.encodeIfPresent(productId, forKey: .productId)
        try container.encode(digitization, forKey: .digitization)
        try container.encodeIfPresent(artFormat, forKey: .artFormat)
    }

    func validate() throws(WalletExtensionsError) {
        guard !id.isEmpty, id.count <= 128, !id.contains("/"), !id.hasPrefix(".") else {
            throw WalletExtensionsError(.invalidCard, "the card id must be 1–128 characters, no '/' or leading '.'")
        }
        guard lastFour.count == 4, lastFour.allSatisfy(\.isASCII), lastFour.allSatisfy(\.isNumber) else {
            throw WalletExtensionsError(.invalidCard, "the last four of card \(id) are not four digits")
        }
        guard !productTitle.isEmpty, !cardholderName.isEmpty else {
            throw WalletExtensionsError(.invalidCard, "card \(id) needs a product title and a cardholder name")
        }
    }
}
