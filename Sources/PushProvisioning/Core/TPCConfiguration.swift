import Foundation

/// Where the SDK talks to and for which issuer: the result of
/// ``TPCSDK/configure(url:issuerId:)``.
public struct TPCConfiguration: Hashable, Sendable {
    /// The service's base URL, path included (`https://host/mg/tpc`).
    public var baseURL: URL
    /// The issuer identifier the service knows the bank by.
    public var issuerId: String

    /// Checks and makes a configuration.
    ///
    /// - Throws: ``TPCError`` ``TPCError/Code/invalidArgument`` for an empty
    ///   issuer id or a URL that is not absolute `http(s)`.
    public init(url: String, issuerId: String) throws(TPCError) {
        guard let url = URL(string: url), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { throw TPCError(.invalidArgument, "the service URL must be an absolute http(s) URL") }
        let issuer = issuerId.trimmingCharacters(in: .whitespaces)
        guard !issuer.isEmpty, issuer.count <= 128 else {
            throw TPCError(.invalidArgument, "the issuer id is empty or too long")
        }
        self.baseURL = url
        self.issuerId = issuer
    }
}

/// The SDK's tunables: time limits, retries, where callbacks run and which
/// deep links are accepted. Read and changed through ``TPCSDK/settings``;
/// ``TPCSDK/reset()`` restores the defaults.
public struct TPCSettings: Sendable {
    /// The longest wait for one HTTP request, in seconds. 15 s by default, so
    /// that one request fits inside Apple's 20 s limit for the add-payment-pass
    /// handler.
    public var requestTimeout: TimeInterval = 15
    /// How long after Wallet asks for the request the SDK completes Apple's
    /// handler at the latest (with an empty request, which Wallet shows as a
    /// failure), in seconds. 18 s by default: under Apple's 20 s.
    public var provisioningDeadline: TimeInterval = 18
    /// Extra attempts for idempotent calls (GET) after a connection failure.
    /// The provisioning POST and state changes are never retried.
    public var idempotentRetries: Int = 1
    /// Whether deep links with Wallet's development pass type
    /// (`paymentpass.com.apple.dev1`) are accepted. Off by default; turn it on
    /// in development builds only.
    public var acceptsDevelopmentPassType = false
    /// The queue completion handlers run on: the main queue on Apple
    /// platforms; on other platforms a serial queue of the SDK
    /// (`com.pushprovisioning.tpcsdk.callbacks`), since no run loop may be
    /// serving the main queue there.
    public var callbackQueue: DispatchQueue = TPCSettings.defaultCallbackQueue
    /// Where activation data returned with provisioned passes is kept between
    /// launches (see ``TPCSDK/activatePass(pass:card:authorizationCode:nonce:completion:)``).
    /// `nil` (the default) keeps it in memory only; on iOS point it at a
    /// directory of the app (or its App Group) that is excluded from backups.
    public var activationDataDirectory: URL?

    /// The default settings.
    public init() {}

    /// The default ``callbackQueue``.
    public static let defaultCallbackQueue: DispatchQueue = {
        #if canImport(Darwin)
        return DispatchQueue.main
        #else
        return DispatchQueue(label: "com.pushprovisioning.tpcsdk.callbacks")
        #endif
    }()
}
