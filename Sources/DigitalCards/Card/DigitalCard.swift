import Foundation
import ProvisioningAPI

/// A card digitized into the issuer's wallet on this device.
///
/// Get cards from ``DigitalCardManager``. A `DigitalCard` is a handle: its
/// identifiers and payment account references are fixed and read at once;
/// everything that can change (``state``, ``cardArt``, ``cardMetadata``,
/// ``paymentKeyInfo``, ``details``, ``pendingActivationSession``) is read
/// with `try await` from the wallet's cache, which the service refreshes
/// (see ``DigitalCardsConfiguration/cacheFreshness``) and which answers alone
/// when the device is offline.
///
/// ```swift
/// let state = try await card.state
/// if state == .active {
///     let bitmap = try await card.cardArt.bitmap(forArtType: .cardBackgroundCombined)
///     let keys = try await card.paymentKeyInfo
///     if keys.needsReplenishment { try await card.replenishPaymentKeys() }
/// }
/// ```
///
/// Dual-brand cards also carry an auxiliary network: ``hasAuxiliaryScheme``
/// is `true` and the `auxiliary…` values are set; for other cards they are `nil`.
public struct DigitalCard: Sendable, Identifiable, Hashable {
    /// The card's state: `.active` cards pay, `.suspended` ones must be
    /// resumed first, `.inactive` ones wait for ID&V
    /// (``DigitalCard/pendingActivationSession``), `.deleted` ones are gone.
    public typealias State = TokenStatus
    /// A payment network: `.visa`, `.mastercard`, `.pure`…
    public typealias Scheme = CardSchemeName
    /// One of the six card-art images.
    public typealias ArtType = CardArtType
    /// A channel the card pays through.
    public typealias PaymentType = ProvisioningAPI.PaymentType
    /// The kind of payment keys.
    public typealias KeyType = PaymentKeyType

    /// The digital card's identifier (the seed's `digitalCardID`).
    public let id: String
    /// The payment account reference (PAR) of the main contactless profile.
    public let paymentAccountReference: String
    /// Dual-brand: the PAR of the auxiliary contactless profile; `nil` otherwise.
    public let auxiliaryPaymentAccountReference: String?
    /// Whether the card is dual-brand.
    public let hasAuxiliaryScheme: Bool

    let engine: WalletEngine
    /// Whether the card was the default when this handle was made (the
    /// list's answer to ``DigitalCardManager/defaultCard``).
    let isDefaultSnapshot: Bool

    init(_ resource: DigitalCardResource, engine: WalletEngine) {
        id = resource.id
        paymentAccountReference = resource.paymentAccountReference
        auxiliaryPaymentAccountReference = resource.auxiliaryPaymentAccountReference
        hasAuxiliaryScheme = resource.hasAuxiliaryScheme
        isDefaultSnapshot = resource.isDefault
        self.engine = engine
    }

    /// The identifier, as seed code names it.
    public var digitalCardID: String { id }

    public static func == (lhs: DigitalCard, rhs: DigitalCard) -> Bool {
        lhs.id == rhs.id && lhs.engine === rhs.engine
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    func resource() async throws(DigitalCardError) -> DigitalCardResource {
        try await engine.card(id: id)
    }

    // MARK: - What the card shows

    /// The card's current state.
    /// - Throws: ``DigitalCardError`` ``DigitalCardError/Code/cardNotFound``
    ///   when the card was deleted; transport errors only when there is no
    ///   cached copy either.
    public var state: State {
        get async throws(DigitalCardError) { try await resource().state }
    }

    /// The card's art; images are fetched per type with
    /// ``CardArt/bitmap(forArtType:)``.
    public var cardArt: CardArt {
        get async throws(DigitalCardError) {
            let resource = try await resource()
            return CardArt(cardId: id, productId: resource.productId, engine: engine)
        }
    }

    /// Suffixes and expiries of the PAN and tokens.
    public var cardMetadata: CardMetadata {
        get async throws(DigitalCardError) { CardMetadata(try await resource().metadata) }
    }

    /// The payment keys this device holds for the card.
    public var paymentKeyInfo: PaymentKeyInfo {
        get async throws(DigitalCardError) {
            let resource = try await resource()
            return try await engine.paymentKeyInfo(for: resource)
        }
    }

    /// Networks and payment channels.
    public var details: Details {
        get async throws(DigitalCardError) { Details(try await resource().details) }
    }

    /// The open ID&V session of an `.inactive` card, `nil` otherwise.
    public var pendingActivationSession: ActivationSession? {
        get async throws(DigitalCardError) {
            let resource = try await resource()
            guard resource.state == .inactive, let pending = resource.pendingActivation else { return nil }
            return ActivationSession(pending, cardId: id, engine: engine)
        }
    }

    /// Whether this is the wallet's default card.
    public var isDefault: Bool {
        get async throws(DigitalCardError) { try await resource().isDefault }
    }
}
