import Foundation
import ProvisioningAPI
import ProvisioningPrimitives

/// The issuer wallet on this device: its cards, and the calls that register
/// the wallet and enrol cards into it.
///
/// Configure the SDK once at launch, then make managers wherever you need
/// one — they are cheap and all share the configured wallet, its cache and
/// its keys:
///
/// ```swift
/// // At launch:
/// try DigitalCardManager.configure(url: "https://bank.example/mg/tpc", issuerId: "bank-1",
///                                  storageDirectory: walletDirectory)
///
/// // Anywhere:
/// let manager = DigitalCardManager()
/// let cards = try await manager.cardList
/// let preferred = try await manager.defaultCard
/// ```
///
/// A manager made before ``configure(_:)`` (or after ``reset()``) throws
/// ``DigitalCardError/Code/notConfigured`` from every call. Before cards can
/// be listed the wallet must be registered once per device
/// (``registerWallet(userId:deviceName:authorizationCode:)``).
public struct DigitalCardManager: Sendable {
    private static let shared = Locked<WalletEngine?>(nil)

    private let engine: WalletEngine?

    /// A manager of the wallet configured with ``configure(_:)``.
    public init() {
        engine = Self.shared.withLock { $0 }
    }

    /// A manager of its own wallet, outside the shared configuration (tests,
    /// apps with several issuers). Managers made this way share nothing with
    /// the others, so do not point two of them at the same storage directory.
    public init(configuration: DigitalCardsConfiguration) throws(DigitalCardError) {
        engine = try WalletEngine(configuration: configuration)
    }

    /// Sets the wallet every ``init()`` manager uses, replacing an earlier one.
    public static func configure(_ configuration: DigitalCardsConfiguration) throws(DigitalCardError) {
        let engine = try WalletEngine(configuration: configuration)
        let previous = shared.withLock { current in
            defer { current = engine }
            return current
        }
        if let previous { Task { await previous.invalidate() } }
    }

    /// ``configure(_:)`` from its parts; see ``DigitalCardsConfiguration``.
    public static func configure(
        url: String, issuerId: String, storageDirectory: URL, cryptoProvider: (any WalletCryptoProvider)? = nil
    ) throws(DigitalCardError) {
        try configure(
            DigitalCardsConfiguration(
                url: url, issuerId: issuerId, storageDirectory: storageDirectory, cryptoProvider: cryptoProvider))
    }

    /// Forgets the shared configuration (the data on the device stays).
    public static func reset() {
        let previous = shared.withLock { current in
            defer { current = nil }
            return current
        }
        if let previous { Task { await previous.invalidate() } }
    }

    /// Whether ``configure(_:)`` has been called.
    public static var isConfigured: Bool { shared.withLock { $0 != nil } }

    func wallet() throws(DigitalCardError) -> WalletEngine {
        guard let engine else {
            throw DigitalCardError(.notConfigured, "call DigitalCardManager.configure first")
        }
        return engine
    }

    // MARK: - Cards

    /// Every card of the wallet (deleted ones excluded), in enrolment order.
    ///
    /// Served from the device's cache while it is fresh (and, stale, while a
    /// background refresh runs), otherwise from the service; when the service
    /// cannot be reached the cached list answers.
    ///
    /// - Throws: ``DigitalCardError`` ``DigitalCardError/Code/notConfigured``,
    ///   ``DigitalCardError/Code/walletNotRegistered``, and transport errors when
    ///   offline with nothing cached.
    public var cardList: [DigitalCard] {
        get async throws(DigitalCardError) {
            let engine = try wallet()
            return try await engine.cards().map { DigitalCard($0, engine: engine) }
        }
    }

    /// The wallet's default card, `nil` when it has none.
    public var defaultCard: DigitalCard? {
        get async throws(DigitalCardError) {
            try await cardList.first { card in card.isDefaultSnapshot }
        }
    }

    /// The card with this identifier, or `nil` when there is none (or the
    /// wallet cannot be read at all).
    public func digitalCard(forID digitalCardID: String) async -> DigitalCard? {
        guard let engine, let resource = try? await engine.card(id: digitalCardID) else { return nil }
        return DigitalCard(resource, engine: engine)
    }

    /// Fetches the card list from the service now, bypassing the cache.
    /// - Throws: transport errors too: no cached fallback here.
    @discardableResult
    public func refreshCardList() async throws(DigitalCardError) -> [DigitalCard] {
        let engine = try wallet()
        return try await engine.cards(forceRefresh: true).map { DigitalCard($0, engine: engine) }
    }

    /// Makes `card` the wallet's default (the previous default stops being one).
    public func setDefaultCard(_ card: DigitalCard) async throws(DigitalCardError) {
        _ = try await wallet().setDefault(cardId: card.id)
    }
}
