import Foundation

/// Where the wallet talks to, for which issuer, where it keeps its data and
/// which cryptography it uses: given once to ``DigitalCardManager/configure(_:)``.
///
/// ```swift
/// let configuration = try DigitalCardsConfiguration(
///     url: "https://bank.example/mg/tpc", issuerId: "bank-1",
///     storageDirectory: FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
///         .appendingPathComponent("DigitalCards"))
/// DigitalCardManager.configure(configuration)
/// ```
///
/// On Linux pass a ``cryptoProvider`` (`OpenSSLWalletCryptoProvider()` from
/// the `DigitalCardsOpenSSL` module); on Apple platforms CryptoKit is used
/// when none is given.
public struct DigitalCardsConfiguration: Sendable {
    /// Where the device keeps the wallet's secrets.
    public struct KeyStorage: Sendable, Hashable {
        enum Kind: Hashable {
            case files
            case keychain(service: String, accessGroup: String?)
        }
        let kind: Kind

        /// Owner-only (0600) files in ``DigitalCardsConfiguration/storageDirectory``,
        /// replaced atomically. The default where there is no Keychain.
        public static let files = KeyStorage(kind: .files)

        #if canImport(Security)
        /// Keychain items of `service` (and `accessGroup`, to share them with
        /// app extensions), this device only. The default on Apple platforms.
        public static func keychain(service: String, accessGroup: String? = nil) -> KeyStorage {
            KeyStorage(kind: .keychain(service: service, accessGroup: accessGroup))
        }
        #endif
    }

    /// The service's base URL, path included (`https://host/mg/tpc`).
    public var baseURL: URL
    /// The issuer identifier the service knows the bank by.
    public var issuerId: String
    /// The directory of the card cache and card art (and of the secrets with
    /// ``KeyStorage/files``). Exclude it from backups on iOS.
    public var storageDirectory: URL
    /// Where the wallet's secrets are kept.
    public var keyStorage: KeyStorage
    /// The P-256, HMAC and AES-GCM implementation.
    public var cryptoProvider: any WalletCryptoProvider
    /// The longest wait for one HTTP request, in seconds.
    public var requestTimeout: TimeInterval = 15
    /// How long a fetched card list is served without asking the service
    /// again, in seconds. Older lists are still served at once while a refresh
    /// runs in the background (stale-while-revalidate); state-changing calls
    /// always refresh the cache from the service's answer. 0 asks every time.
    public var cacheFreshness: TimeInterval = 30
    /// How long after ``cacheFreshness`` a cached list is still served at
    /// once while a background refresh runs, in seconds. Past that the
    /// service is asked first and the cache only answers when it cannot be
    /// reached. 0 turns stale-while-revalidate off.
    public var staleWhileRevalidate: TimeInterval = 300

    /// Checks and makes a configuration.
    ///
    /// - Parameters:
    ///   - url: the service's absolute `http(s)` base URL.
    ///   - issuerId: the bank's issuer identifier.
    ///   - storageDirectory: where the cache (and, with files, the secrets) live.
    ///   - keyStorage: the Keychain on Apple platforms, files elsewhere, if `nil`.
    ///   - cryptoProvider: CryptoKit on Apple platforms if `nil`; required elsewhere.
    /// - Throws: ``DigitalCardError`` ``DigitalCardError/Code/invalidArgument``
    ///   for a bad URL or issuer id, or when no crypto provider is available.
    public init(
        url: String, issuerId: String, storageDirectory: URL, keyStorage: KeyStorage? = nil,
        cryptoProvider: (any WalletCryptoProvider)? = nil
    ) throws(DigitalCardError) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            ["http", "https"].contains(scheme), parsed.host != nil
        else { throw DigitalCardError(.invalidArgument, "the service URL must be an absolute http(s) URL") }
        let issuer = issuerId.trimmingCharacters(in: .whitespaces)
        guard !issuer.isEmpty, issuer.count <= 128 else {
            throw DigitalCardError(.invalidArgument, "the issuer id is empty or too long")
        }
        guard let provider = cryptoProvider ?? Self.platformCryptoProvider else {
            throw DigitalCardError(
                .invalidArgument, "no crypto provider: inject one (DigitalCardsOpenSSL) where CryptoKit is missing")
        }
        self.baseURL = parsed
        self.issuerId = issuer
        self.storageDirectory = storageDirectory
        self.keyStorage = keyStorage ?? Self.platformKeyStorage
        self.cryptoProvider = provider
    }

    static var platformCryptoProvider: (any WalletCryptoProvider)? {
        #if canImport(CryptoKit)
        return CryptoKitWalletCryptoProvider()
        #else
        return nil
        #endif
    }

    static var platformKeyStorage: KeyStorage {
        #if canImport(Security)
        return .keychain(service: "com.pushprovisioning.digitalcards")
        #else
        return .files
        #endif
    }

    func makeSecretStore() throws(DigitalCardError) -> any SecretStore {
        switch keyStorage.kind {
        case .files:
            return try FileSecretStore(directory: storageDirectory.appendingPathComponent("keys", isDirectory: true))
        case .keychain(let service, let accessGroup):
            #if canImport(Security)
            return KeychainSecretStore(service: service, accessGroup: accessGroup)
            #else
            _ = (service, accessGroup)
            throw DigitalCardError(.invalidArgument, "no Keychain on this platform")
            #endif
        }
    }
}
