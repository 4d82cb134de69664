import Foundation
import ProvisioningPrimitives

#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

/// The cards the issuer app shares with its Wallet extensions (seed 000's
/// App Group keychain), readable without any network.
///
/// The app writes at sign-in or refresh: each card's last four, cardholder,
/// scheme, product title, art and primary account identifier, and where it
/// already is (``DeviceDigitization``). The UI extension records the user's
/// sign-in. The non-UI extension reads: `status` reads only the small
/// ``StatusSnapshot`` record, rewritten with every change; entries read the
/// cards and their art.
///
/// ```swift
/// // In the app, after sign-in:
/// let store = try SharedCardStore.appGroup("group.com.bank.app")
/// try store.save(StoredCard(id: "card-1", lastFour: "1234", cardholderName: "Ada Lovelace",
///                           scheme: .Mastercard, productTitle: "Everyday Debit"), art: artPNG)
/// try store.refreshDigitization()   // from Wallet's pass library
/// ```
///
/// Records: `cards` (the list, JSON), `status` (the snapshot, JSON) and
/// `art.<card id>` (the art file). Writes in one process are serialized; two
/// processes writing at once keep the last write of each record.
public final class SharedCardStore: Sendable {
    /// Where the records live.
    public let backend: any CardStoreBackend
    private let writeLock = Locked(())

    /// The environment variable naming the directory of file-backed App
    /// Group stores (where no keychain exists); one subdirectory per group.
    public static let appGroupDirectoryEnvironmentVariable = "PP_APP_GROUP_DIR"

    private struct CardList: Codable {
        var version = 1
        var cards: [StoredCard] = []
        var signIn: SignInAuthorization?
        var isWatchPaired = true
    }

    /// Uses `backend`.
    public init(backend: any CardStoreBackend) {
        self.backend = backend
    }

    /// The store of App Group `identifier`: the keychain access group on
    /// Apple platforms; elsewhere a file store in
    /// `$PP_APP_GROUP_DIR/<identifier>` (the temporary directory by default).
    ///
    /// - Throws: ``WalletExtensionsError/Code/storeFailure`` when the file
    ///   store's directory cannot be created.
    public static func appGroup(_ identifier: String) throws(WalletExtensionsError) -> SharedCardStore {
        #if canImport(Security)
        return SharedCardStore(backend: KeychainCardStoreBackend(accessGroup: identifier))
        #else
        let root =
            ProcessInfo.processInfo.environment[appGroupDirectoryEnvironmentVariable].map {
                URL(fileURLWithPath: $0, isDirectory: true)
            } ?? FileManager.default.temporaryDirectory.appendingPathComponent("app-groups", isDirectory: true)
        return SharedCardStore(
            backend: try FileCardStoreBackend(directory: root.appendingPathComponent(identifier, isDirectory: true)))
        #endif
    }

    // MARK: - Reading

    /// The cards, in the order they were first saved.
    ///
    /// - Throws: ``WalletExtensionsError`` `storeFailure` or `storeCorrupted`.
    public func cards() throws(WalletExtensionsError) -> [StoredCard] {
        try list().cards
    }

    /// The card with `id`, or `nil`.
    public func card(id: String) throws(WalletExtensionsError) -> StoredCard? {
        try list().cards.first { $0.id == id }
    }

    /// The art saved with card `id`, or `nil`.
    public func art(forCardId id: String) throws(WalletExtensionsError) -> Data? {
        try backend.read(Self.artKey(id))
    }

    /// The status snapshot: one small record, no card list.
    public func statusSnapshot() throws(WalletExtensionsError) -> StatusSnapshot {
        guard let data = try backend.read(Self.statusKey) else { return .empty }
        do {
            return try JSONDecoder().decode(StatusSnapshot.self, from: data)
        } catch {
            throw WalletExtensionsError(.storeCorrupted, "the status record cannot be read")
        }
    }

    /// The sign-in recorded by the UI extension, valid or not.
    public func signIn() throws(WalletExtensionsError) -> SignInAuthorization? {
        try list().signIn
    }

    /// Whether a Watch is paired, as the app last saw it (`true` until told).
    public func isWatchPaired() throws(WalletExtensionsError) -> Bool {
        try list().isWatchPaired
    }

    // MARK: - Writing

    /// Saves `card` with its art, replacing a card with the same id (keeping
    /// its position).
    ///
    /// - Throws: ``WalletExtensionsError/Code/invalidCard``;
    ///   ``WalletExtensionsError/Code/cardArtRejected`` with the
    ///   ``CardArtCheck`` findings when the art misses Apple's requirements
    ///   (nothing is saved); `storeFailure`.
    public func save(_ card: StoredCard, art: Data) throws(WalletExtensionsError) {
        try card.validate()
        let findings = CardArtCheck.findings(for: art)
        guard findings.isEmpty else {
            throw WalletExtensionsError(
                .cardArtRejected, "the art of card \(card.id) misses Apple's requirements", findings: findings)
        }
        var stored = card
        stored.artFormat = CardArtCheck.format(of: art)
        try backend.write(art, for: Self.artKey(card.id))
        try update { list in
            if let index = list.cards.firstIndex(where: { $0.id == card.id }) {
                list.cards[index] = stored
            } else {
                list.cards.append(stored)
            }
        }
    }

    /// Removes card `id` and its art.
    public func remove(cardId id: String) throws(WalletExtensionsError) {
        try update { $0.cards.removeAll { $0.id == id } }
        try backend.remove(Self.artKey(id))
    }

    /// Records where card `id` is.
    ///
    /// - Throws: ``WalletExtensionsError/Code/unknownCard``, `storeFailure`.
    public func setDigitization(
        _ digitization: DeviceDigitization, primaryAccountIdentifier: String? = nil, forCardId id: String
    ) throws(WalletExtensionsError) {
        try update { list throws(WalletExtensionsError) in
            guard let index = list.cards.firstIndex(where: { $0.id == id }) else {
                throw WalletExtensionsError(.unknownCard, "no card \(id) in the store")
            }
            list.cards[index].digitization = digitization
            if let primaryAccountIdentifier { list.cards[index].primaryAccountIdentifier = primaryAccountIdentifier }
        }
    }

    /// Records whether a Watch is paired (the app reads it from `WCSession`).
    public func setWatchPaired(_ paired: Bool) throws(WalletExtensionsError) {
        try update { $0.isWatchPaired = paired }
    }

    /// Records the user's sign-in in the UI extension, valid for `lifetime`
    /// seconds (5 minutes by default).
    public func recordSignIn(
        at date: Date = Date(), lifetime: TimeInterval = SignInAuthorization.defaultLifetime
    ) throws(WalletExtensionsError) {
        try update { $0.signIn = SignInAuthorization(signedInAt: date, lifetime: lifetime) }
    }

    /// Forgets the sign-in (the user signed out).
    public func clearSignIn() throws(WalletExtensionsError) {
        try update { $0.signIn = nil }
    }

    /// Re-reads where each card is from Wallet's pass library (this iPhone's
    /// passes and the paired Watch's), a local lookup with no network, and
    /// saves the snapshot. A pass matches a card by primary account
    /// identifier when the card has one, else by last four; a matched pass's
    /// identifier is kept with the card.
    ///
    /// - Returns: the cards as saved.
    @discardableResult
    public func refreshDigitization(
        from library: PKPassLibrary = PKPassLibrary()
    ) throws(WalletExtensionsError) -> [StoredCard] {
        let local = library.passes(of: .secureElement).compactMap(\.secureElementPass)
        let remote = library.remoteSecureElementPasses
        return try update { list in
            for index in list.cards.indices {
                let card = list.cards[index]
                let phonePass = Self.pass(for: card, in: local)
                let watchPass = Self.pass(for: card, in: remote)
                list.cards[index].digitization = DeviceDigitization(
                    iPhone: Self.state(of: phonePass), watch: Self.state(of: watchPass))
                if let identifier = (phonePass ?? watchPass)?.primaryAccountIdentifier, !identifier.isEmpty {
                    list.cards[index].primaryAccountIdentifier = identifier
                }
            }
            return list.cards
        }
    }

    // MARK: - Internals

    static let cardsKey = "cards.json"
    static let statusKey = "status.json"
    static func artKey(_ id: String) -> String { "art.\(id)" }

    private func list() throws(WalletExtensionsError) -> CardList {
        guard let data = try backend.read(Self.cardsKey) else { return CardList() }
        do {
            return try JSONDecoder().decode(CardList.self, from: data)
        } catch {
            throw WalletExtensionsError(.storeCorrupted, "the card list cannot be read")
        }
    }

    /// Read, change, write the list and its status snapshot, serialized in
    /// this process.
    @discardableResult
    private func update<T>(
        _ change: (inout CardList) throws(WalletExtensionsError) -> T
    ) throws(WalletExtensionsError) -> T {
        let outcome: Result<T, WalletExtensionsError> = writeLock.withLock { _ in
            do throws(WalletExtensionsError) {
                var list = try list()
                let value = try change(&list)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let snapshot = StatusSnapshot(
                    passEntriesAvailable: list.cards.contains { $0.isAvailable(remote: false) },
                    remotePassEntriesAvailable: list.isWatchPaired
                        && list.cards.contains { $0.isAvailable(remote: true) },
                    signInExpiresAt: list.signIn?.expiresAt, signedInAt: list.signIn?.signedInAt)
                let cards: Data
                let status: Data
                do {
                    cards = try JSONEncoder().encode(list)
                    status = try encoder.encode(snapshot)
                } catch {
                    throw WalletExtensionsError(.storeFailure, "the store cannot be encoded")
                }
                try backend.write(cards, for: Self.cardsKey)
                try backend.write(status, for: Self.statusKey)
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private static func pass(for card: StoredCard, in passes: [PKSecureElementPass]) -> PKSecureElementPass? {
        let matching = passes.filter { pass in
            if let identifier = card.primaryAccountIdentifier, !identifier.isEmpty {
                return pass.primaryAccountIdentifier == identifier
            }
            return pass.primaryAccountNumberSuffix == card.lastFour
        }
        return matching.first { $0.passActivationState != .deactivated } ?? matching.first
    }

    private static func state(of pass: PKSecureElementPass?) -> DigitizationState {
        switch pass?.passActivationState {
        case nil, .deactivated?: .notDigitized
        case .requiresActivation?, .activating?: .pendingActivation
        default: .digitized
        }
    }
}
