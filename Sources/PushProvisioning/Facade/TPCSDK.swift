import Foundation
import ProvisioningPrimitives

#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

/// The Push Provisioning SDK, called as the seed documents call it.
///
/// Configure it once, as early as possible (in the app and in each Wallet
/// extension, which run in their own processes):
///
/// ```swift
/// try TPCSDK.configure(url: "https://tpc.bank.example/mg/tpc", issuerId: "bank-1")
/// ```
///
/// then look passes up (``getToken(input:completion:)``), add cards
/// (``provision(fromController:primaryAccountSuffix:cardholderName:scheme:encryptedPayload:authorizationCode:provisionDelegate:)``,
/// ``generateAddPaymentPassRequestForInput(_:completion:)``), and manage
/// tokens (``updateTokenState(tokenId:tokenRequestorId:schemeString:authorizationCode:action:completion:)``,
/// ``getTokens(card:completion:)``, ``activatePass(pass:card:authorizationCode:nonce:completion:)``).
///
/// Completion handlers are called exactly once, on
/// ``TPCSettings/callbackQueue`` (the main queue in an app on Apple
/// platforms, the SDK's own queue in Wallet's non-UI extension); every
/// call also has an `async` twin. Errors are ``TPCError``, or Apple's
/// `PKPassKitErrorDomain` errors passed through.
public enum TPCSDK {
    /// The SDK's version. It implements the seed API of TPC SDK 2.3.
    public static let tpcsdkVersion = "1.0.0"

    /// The Apple Pay token requestor identifier the seeds use for Visa
    /// (`"40010030273"`), which the sandbox uses for every scheme.
    public static let applePayTokenRequestorId = "40010030273"

    private struct State: Sendable {
        var configuration: TPCConfiguration?
        var settings = TPCSettings()
        var client: TPCClient?
        var variantURLs: [String: String] = [:]
    }

    private static let state = Locked(State())

    // MARK: Configuration

    /// Points the SDK at the provisioning service for one issuer.
    ///
    /// Call it before any other call; calling it again replaces the
    /// configuration (calls in progress finish with the old one).
    ///
    /// - Parameters:
    ///   - url: the service's base URL, path included, e.g.
    ///     `"https://tpc.bank.example/mg/tpc"`.
    ///   - issuerId: the issuer identifier the service knows the bank by.
    /// - Throws: ``TPCError`` ``TPCError/Code/invalidArgument`` for a URL that is
    ///   not absolute http(s), or an empty issuer id.
    public static func configure(url: String, issuerId: String) throws {
        let configuration = try TPCConfiguration(url: url, issuerId: issuerId)
        state.withLock { state in
            state.configuration = configuration
            state.client = TPCClient(configuration: configuration, settings: state.settings)
        }
    }

    /// Points the SDK at a named deployment (``TPCVariant/PPROD`` or
    /// ``TPCVariant/PROD``); see ``TPCVariant`` for how its URL is found.
    ///
    /// - Throws: ``TPCError`` ``TPCError/Code/notConfigured`` when the variant
    ///   has no URL, ``TPCError/Code/invalidArgument`` as ``configure(url:issuerId:)``.
    public static func configure(variant: TPCVariant, issuerId: String) throws {
        let registered = state.withLock { $0.variantURLs[variant.name] }
        let fromInfoPlist = Bundle.main.object(forInfoDictionaryKey: variant.infoPlistKey) as? String
        guard let url = registered ?? fromInfoPlist ?? variant.defaultURL else {
            throw TPCError(
                .notConfigured,
                "no URL for variant \(variant.name): register one or set \(variant.infoPlistKey) in Info.plist")
        }
        try configure(url: url, issuerId: issuerId)
    }

    /// Sets the URL of a variant for ``configure(variant:issuerId:)``, for
    /// example the sandbox a test suite started.
    public static func register(url: String, for variant: TPCVariant) {
        state.withLock { $0.variantURLs[variant.name] = url }
    }

    /// Forgets the configuration, the registered variant URLs and the
    /// settings. Activation data kept in ``TPCSettings/activationDataDirectory``
    /// stays on disk.
    public static func reset() {
        state.withLock { $0 = State() }
    }

    /// The current configuration, if ``configure(url:issuerId:)`` was called.
    public static var configuration: TPCConfiguration? {
        state.withLock { $0.configuration }
    }

    /// The SDK's tunables. Changing them applies to calls started afterwards.
    public static var settings: TPCSettings {
        get { state.withLock { $0.settings } }
        set {
            state.withLock { state in
                state.settings = newValue
                state.client = state.configuration.map { TPCClient(configuration: $0, settings: newValue) }
            }
        }
    }

    /// The async core for the current configuration.
    ///
    /// - Throws: ``TPCError`` ``TPCError/Code/notConfigured``.
    public static func client() throws(TPCError) -> TPCClient {
        guard let client = state.withLock({ $0.client }) else {
            throw TPCError(.notConfigured, "TPCSDK.configure was not called")
        }
        return client
    }

    /// Runs `work` and hands its result to `completion` on the callback queue.
    static func complete<Value>(
        _ completion: @escaping (Result<Value, any Error>) -> Void,
        _ work: @escaping @Sendable () async throws -> sending Value
    ) {
        let delivery = CallbackDelivery(queue: settings.callbackQueue, completion)
        Task {
            do {
                delivery.deliver(.success(try await work()))
            } catch {
                delivery.deliver(.failure(error))
            }
        }
    }
}
