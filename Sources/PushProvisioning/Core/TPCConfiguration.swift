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
    /// The queue completion handlers run on. By default it depends on where
    /// the SDK runs (see ``defaultCallbackQueue``):
    ///
    /// | Where | Queue |
    /// |---|---|
    /// | The app, and Wallet's sign-in (UI) extension, on Apple platforms | the main queue, for UI work |
    /// | Wallet's non-UI extension (`com.apple.PassKit.issuer-provisioning`) | the SDK's serial queue |
    /// | Other platforms | the SDK's serial queue |
    ///
    /// The non-UI extension gets the SDK's queue because its handler may
    /// wait on the thread Wallet called it on until a completion arrives —
    /// seed 000's `status` and `passEntries` block on a `DispatchSemaphore`
    /// until `getToken`'s completion — and Apple does not say which thread
    /// that is: were it the main thread, delivery on the main queue would
    /// deadlock and Wallet would drop the extension after 100 ms. The SDK's
    /// serial queue (`com.pushprovisioning.tpcsdk.callbacks`) runs nothing
    /// but completions, so no caller of the SDK blocks it — unless a
    /// completion itself waits for another SDK call's completion, which
    /// would deadlock there as anywhere. Off Apple platforms no run loop may
    /// be serving the main queue, so the SDK's queue is the default there too.
    ///
    /// Set it to a queue the code waiting for a completion never blocks.
    public var callbackQueue: DispatchQueue = TPCSettings.defaultCallbackQueue
    /// Where activation data returned with provisioned passes is kept between
    /// launches (see ``TPCSDK/activatePass(pass:card:authorizationCode:nonce:completion:)``).
    /// `nil` (the default) keeps it in memory only; on iOS point it at a
    /// directory of the app (or its App Group) that is excluded from backups.
    public var activationDataDirectory: URL?

    /// The default settings.
    public init() {}

    /// The default ``callbackQueue`` of this process: the one
    /// ``defaultCallbackQueue(extensionPoint:mainQueueServed:)`` chooses for
    /// the main bundle's `NSExtension`/`NSExtensionPointIdentifier`.
    public static let defaultCallbackQueue: DispatchQueue = {
        let extensionInfo = Bundle.main.infoDictionary?["NSExtension"] as? [String: Any]
        let point = extensionInfo?["NSExtensionPointIdentifier"] as? String
        #if canImport(Darwin)
        return defaultCallbackQueue(extensionPoint: point, mainQueueServed: true)
        #else
        return defaultCallbackQueue(extensionPoint: point, mainQueueServed: false)
        #endif
    }()

    /// The SDK's own serial queue for completions.
    public static let sdkCallbackQueue = DispatchQueue(label: "com.pushprovisioning.tpcsdk.callbacks")

    /// The `NSExtensionPointIdentifier` of Wallet's non-UI issuer extension.
    public static let walletNonUIExtensionPoint = "com.apple.PassKit.issuer-provisioning"

    /// The queue completions default to for a process that is the extension
    /// `extensionPoint` names (`nil`: an app), on a platform whose main queue
    /// is `mainQueueServed` by a run loop: ``sdkCallbackQueue`` in Wallet's
    /// non-UI extension or where the main queue may not be served, the main
    /// queue otherwise.
    ///
    /// ```swift
    /// let queue = TPCSettings.defaultCallbackQueue(
    ///     extensionPoint: TPCSettings.walletNonUIExtensionPoint, mainQueueServed: true)
    /// // queue === TPCSettings.sdkCallbackQueue
    /// ```
    public static func defaultCallbackQueue(extensionPoint: String?, mainQueueServed: Bool) -> DispatchQueue {
        if extensionPoint == walletNonUIExtensionPoint || !mainQueueServed { return sdkCallbackQueue }
        return DispatchQueue.main
    }
}
