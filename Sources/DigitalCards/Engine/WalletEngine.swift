import Foundation
import ProvisioningAPI

/// The wallet of one configuration: its credentials, the card cache, the
/// payment keys and the connection to the service. Every
/// ``DigitalCardManager`` and ``DigitalCard`` of that configuration talks to
/// the same engine, so they share one cache and never race on the files.
actor WalletEngine {
    let configuration: DigitalCardsConfiguration
    let client: WalletHTTPClient
    let secrets: any SecretStore
    let cache: CardCache
    var crypto: any WalletCryptoProvider { configuration.cryptoProvider }

    private var credentialsLoaded = false
    private var credentials: WalletCredentials?
    private var snapshotLoaded = false
    private var snapshot: CardCacheSnapshot?
    private var refreshTask: Task<Result<CardCacheSnapshot, DigitalCardError>, Never>?
    var keyrings: [String: PaymentKeyring] = [:]

    init(configuration: DigitalCardsConfiguration) throws(DigitalCardError) {
        self.configuration = configuration
        client = WalletHTTPClient(baseURL: configuration.baseURL, requestTimeout: configuration.requestTimeout)
        secrets = try configuration.makeSecretStore()
        cache = try CardCache(directory: configuration.storageDirectory.appendingPathComponent("cache"))
    }

    // MARK: - Credentials

    /// The registered wallet, loaded from the secret store once.
    func walletCredentials() throws(DigitalCardError) -> WalletCredentials {
        if !credentialsLoaded {
            if let data = try secrets.read(WalletCredentials.itemName) {
                guard let stored = try? JSONDecoder().decode(WalletCredentials.self, from: data) else {
                    throw DigitalCardError(.storageFailure, "the stored wallet cannot be read")
                }
                credentials = stored
            }
            credentialsLoaded = true
        }
        guard let credentials else {
            throw DigitalCardError(.walletNotRegistered, "register the wallet on this device first")
        }
        return credentials
    }

    var isRegistered: Bool {
        (try? walletCredentials()) != nil
    }

    /// Generates the wallet's key, registers it and keeps the credentials.
    /// A previous registration on this device is replaced, with its cache and keys.
    func register(
        userId: String, deviceName: String, authorizationCode: String
    ) async throws(DigitalCardError)
        -> WalletCredentials
    {
        guard !userId.isEmpty, !authorizationCode.isEmpty else {
            throw DigitalCardError(.invalidArgument, "the user id and authorization code are required")
        }
        let privateKey: Data
        let publicKey: Data
        do {
            privateKey = try crypto.generateP256PrivateKey()
            publicKey = try crypto.p256PublicKey(privateKey: privateKey)
        } catch {
            throw DigitalCardError(.cryptoFailure, "the wallet key cannot be generated")
        }
        let request = WalletRegistrationRequest(
            userId: userId, deviceName: deviceName, publicKey: publicKey, authorizationCode: authorizationCode)
        let registration: WalletRegistration = try await send(
            APIPaths.walletRegistration(issuerId: configuration.issuerId), body: request, authorized: false)
        let registered = WalletCredentials(
            walletId: registration.walletId, userId: registration.userId, accessToken: registration.accessToken,
            privateKey: privateKey)
        let data: Data
        do {
            data = try JSONEncoder().encode(registered)
        } catch {
            throw DigitalCardError(.storageFailure, "the wallet cannot be encoded")
        }
        try forgetCards()
        try secrets.write(WalletCredentials.itemName, data)
        credentials = registered
        credentialsLoaded = true
        return registered
    }

    /// Removes the registration, the cache and the keys from this device.
    func unregister() throws(DigitalCardError) {
        try forgetCards()
        try secrets.delete(WalletCredentials.itemName)
        credentials = nil
        credentialsLoaded = true
    }

    private func forgetCards() throws(DigitalCardError) {
        for card in currentSnapshot()?.cards ?? [] {
            try secrets.delete(Self.keyringName(card.id))
        }
        keyrings = [:]
        cache.removeAll()
        snapshot = nil
        snapshotLoaded = true
        refreshTask = nil
    }

    // MARK: - Requests

    /// Sends `body` as JSON to the wallet API and decodes the answer.
    func send<Body: Encodable & Sendable, Response: Decodable & Sendable>(
        _ endpoint: @autoclosure () throws(ProvisioningAPIError) -> APIEndpoint, body: Body, authorized: Bool = true
    ) async throws(DigitalCardError) -> Response {
        let data: Data
        do {
            data = try JSONEncoder.provisioningAPI.encode(body)
        } catch {
            throw DigitalCardError(.invalidArgument, "the request cannot be encoded")
        }
        return try await send(try endpoint(), data: data, authorized: authorized)
    }

    /// Sends a request without a body to the wallet API and decodes the answer.
    func send<Response: Decodable & Sendable>(
        _ endpoint: @autoclosure () throws(ProvisioningAPIError) -> APIEndpoint, authorized: Bool = true
    ) async throws(DigitalCardError) -> Response {
        try await send(try endpoint(), data: nil, authorized: authorized)
    }

    private func send<Response: Decodable & Sendable>(
        _ endpoint: @autoclosure () throws(ProvisioningAPIError) -> APIEndpoint, data: Data?, authorized: Bool
    ) async throws(DigitalCardError) -> Response {
        let response = try await exchange(try endpoint(), data: data, authorized: authorized)
        guard (200..<300).contains(response.status) else { throw WalletHTTPClient.error(for: response) }
        do {
            return try JSONDecoder.provisioningAPI.decode(Response.self, from: response.body)
        } catch {
            throw DigitalCardError(
                .invalidFormat, "the service's answer does not match the contract", requestId: response.requestId)
        }
    }

    /// Sends a request with the wallet's credential (when `authorized`) and
    /// returns the raw answer, whatever its status.
    func exchange(
        _ endpoint: @autoclosure () throws(ProvisioningAPIError) -> APIEndpoint, data: Data?, authorized: Bool,
        headers extra: [String: String] = [:], accept: String = APIHeaders.jsonMediaType
    ) async throws(DigitalCardError) -> WalletHTTPClient.Response {
        let target: APIEndpoint
        do {
            target = try endpoint()
        } catch {
            throw DigitalCardError(.invalidArgument, "an identifier cannot be used in a path")
        }
        var headers = extra
        if authorized {
            headers[APIHeaders.authorization] = APIHeaders.bearer(try walletCredentials().accessToken)
        }
        return try await client.exchange(target, body: data, headers: headers, accept: accept)
    }

    // MARK: - Card list

    func currentSnapshot() -> CardCacheSnapshot? {
        if !snapshotLoaded {
            snapshot = cache.loadList()
            snapshotLoaded = true
        }
        guard let snapshot, snapshot.walletId == credentials?.walletId else { return nil }
        return snapshot
    }

    /// The wallet's cards: from the cache while it is fresh, served stale
    /// while a refresh runs, otherwise from the service — and from the cache
    /// again when the service cannot be reached.
    func cards(forceRefresh: Bool = false) async throws(DigitalCardError) -> [DigitalCardResource] {
        _ = try walletCredentials()
        let now = Date()
        if !forceRefresh, let cached = currentSnapshot() {
            let age = now.timeIntervalSince(cached.fetchedAt)
            if age >= 0, age < configuration.cacheFreshness { return cached.cards }
            if age >= 0, age < configuration.cacheFreshness + configuration.staleWhileRevalidate {
                startRefresh()
                return cached.cards
            }
        }
        do {
            return try await refresh().cards
        } catch let error where error.isOffline && !forceRefresh {
            guard let cached = currentSnapshot() else { throw error }
            return cached.cards
        }
    }

    /// One card, by the same rules as ``cards(forceRefresh:)``.
    func card(id: String, forceRefresh: Bool = false) async throws(DigitalCardError) -> DigitalCardResource {
        let list = try await cards(forceRefresh: forceRefresh)
        guard let card = list.first(where: { $0.id == id }) else {
            throw DigitalCardError(.cardNotFound, "no such card in this wallet")
        }
        return card
    }

    /// Fetches the list from the service and replaces the cache; concurrent
    /// callers share one request.
    @discardableResult
    func refresh() async throws(DigitalCardError) -> CardCacheSnapshot {
        let task = startRefresh()
        return try await task.value.get()
    }

    @discardableResult
    private func startRefresh() -> Task<Result<CardCacheSnapshot, DigitalCardError>, Never> {
        if let refreshTask { return refreshTask }
        let task = Task { () -> Result<CardCacheSnapshot, DigitalCardError> in
            let result: Result<CardCacheSnapshot, DigitalCardError>
            do throws(DigitalCardError) {
                result = .success(try await self.fetchList())
            } catch {
                result = .failure(error)
            }
            self.refreshTask = nil
            return result
        }
        refreshTask = task
        return task
    }

    private func fetchList() async throws(DigitalCardError) -> CardCacheSnapshot {
        let wallet = try walletCredentials()
        let list: DigitalCardList = try await send(
            APIPaths.walletCards(issuerId: configuration.issuerId, walletId: wallet.walletId))
        let fresh = CardCacheSnapshot(walletId: wallet.walletId, fetchedAt: Date(), cards: list.cards)
        // Keys of cards the service no longer lists are useless: drop them.
        let kept = Set(list.cards.map(\.id))
        for card in currentSnapshot()?.cards ?? [] where !kept.contains(card.id) {
            try? forgetCard(card.id)
        }
        try store(fresh)
        return fresh
    }

    private func store(_ fresh: CardCacheSnapshot) throws(DigitalCardError) {
        snapshot = fresh
        snapshotLoaded = true
        try cache.storeList(fresh)
    }

    /// Puts the service's latest view of one card into the cache.
    func apply(_ resource: DigitalCardResource) throws(DigitalCardError) {
        let wallet = try walletCredentials()
        var current =
            currentSnapshot() ?? CardCacheSnapshot(walletId: wallet.walletId, fetchedAt: .distantPast, cards: [])
        if resource.state == .deleted {
            current.cards.removeAll { $0.id == resource.id }
            try forgetCard(resource.id)
        } else if let index = current.cards.firstIndex(where: { $0.id == resource.id }) {
            current.cards[index] = resource
        } else {
            current.cards.append(resource)
        }
        if resource.isDefault {
            for index in current.cards.indices where current.cards[index].id != resource.id {
                current.cards[index].isDefault = false
            }
        }
        try store(current)
    }

    /// Drops a card the service no longer knows.
    func removeFromCache(_ cardId: String) throws(DigitalCardError) {
        guard var current = currentSnapshot() else { return }
        current.cards.removeAll { $0.id == cardId }
        try forgetCard(cardId)
        try store(current)
    }

    /// The error a card-scoped call should report: the service keeps deleted
    /// cards and refuses changes to them as illegal transitions, but to an
    /// app a deleted card is simply gone, so such a refusal is reported as
    /// ``DigitalCardError/Code/cardNotFound`` once the list confirms it.
    func cardScopedError(_ error: DigitalCardError, cardId: String) async -> DigitalCardError {
        switch error.code {
        case .cardNotFound:
            try? removeFromCache(cardId)
            return error
        case .illegalState:
            guard let list = try? await refresh(), !list.cards.contains(where: { $0.id == cardId }) else {
                return error
            }
            return DigitalCardError(
                .cardNotFound, "the card was deleted", requestId: error.requestId, serverCode: error.serverCode,
                httpStatus: error.httpStatus)
        default:
            return error
        }
    }

    private func forgetCard(_ cardId: String) throws(DigitalCardError) {
        keyrings[cardId] = nil
        try secrets.delete(Self.keyringName(cardId))
        cache.removeArt(cardId: cardId)
    }

    static func keyringName(_ cardId: String) -> String {
        "keys-" + Data(cardId.utf8).map { String(format: "%02x", $0) }.joined() + ".json"
    }

    func invalidate() {
        client.invalidate()
    }
}
