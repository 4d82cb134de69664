import Dispatch
import Foundation
import PushProvisioning

#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

// Apple has the issuer provisioning extensions on iOS, iPadOS, Mac Catalyst
// and visionOS only (Package.swift, clientPlatformFeatures).
#if ADD_PAYMENT_PASS_AVAILABLE
/// A ready-made issuer provisioning extension handler: seed 000's ~300 lines
/// of extension code, correct by construction, configured from the
/// extension's `Info.plist` and the App Group store the app fills, plus one
/// method the bank writes.
///
/// * `status` answers from the store's ``StatusSnapshot`` — one small read,
///   no network, no per-card lookups — well inside Apple's 100 ms.
/// * `passEntries` / `remotePassEntries` re-read where the cards are from
///   Wallet's pass library (local) and list exactly the cards not yet on that
///   device, each with its art, title and a complete request configuration
///   (ECC_V2, cardholder name, last four, network, primary account
///   identifier, product).
/// * `generateAddPaymentPassRequestForPassEntryWithIdentifier` asks the bank
///   (``provisioningData(forCardId:)``) for the card's encrypted payload and
///   authorization code, then `TPCSDK.generateAddPaymentPassRequestForInput(_:completion:)`,
///   all under ``requestDeadline`` (18 s, inside Apple's 20 s).
/// * Every completion is called exactly once, on every path (failure,
///   deadline, unknown card, expired sign-in).
/// * With ``requiresSignIn`` (the default), Wallet shows the sign-in
///   extension until the user signed in within the last 5 minutes (see
///   ``SharedCardStore/recordSignIn(at:lifetime:)``), and no entries or
///   requests are given without it.
///
/// Wallet makes the extension's principal class with `init()`, as it makes
/// any `NSExtensionPrincipalClass`; ``init()`` finds its configuration in the
/// extension's `Info.plist` (keys in ``InfoPlistKey``). The principal class,
/// in full:
///
/// ```swift
/// final class WalletIntentHandler: TPCIssuerProvisioningExtensionHandler {
///     override func provisioningData(forCardId cardId: String) async throws -> ProvisioningData {
///         let card = try await BankAPI.provisioningData(cardId: cardId)
///         return ProvisioningData(encryptedPayload: card.payload, authorizationCode: card.code)
///     }
/// }
/// ```
///
/// and in the extension's `Info.plist`, beside `NSExtension`:
///
/// ```xml
/// <key>TPCAppGroupIdentifier</key> <string>group.com.bank.app</string>
/// <key>TPCServiceURL</key>         <string>https://tpc.bank.example/mg/tpc</string>
/// <key>TPCIssuerId</key>           <string>bank-1</string>
/// ```
///
/// Without `TPCAppGroupIdentifier` the handler still starts — Wallet must be
/// able to make it — but tells Wallet it has no cards, and says why in
/// ``configurationProblem``, on standard error (the device's console) and to
/// ``requestDidFail(cardId:error:)``. Without `TPCServiceURL`/`TPCIssuerId`
/// it leaves `TPCSDK` as the extension configured it.
///
/// Tests (and extensions that build their store in code) use
/// ``init(store:requiresSignIn:requestDeadline:fetchProvisioningData:)``.
open class TPCIssuerProvisioningExtensionHandler: PKIssuerProvisioningExtensionHandler {
    /// What the bank's backend gives for one card: the card as CMS enveloped
    /// data for the service (base64) and a single-use authorization code.
    public struct ProvisioningData: Sendable {
        /// The card, CMS enveloped data for the service's certificate, base64.
        public var encryptedPayload: String
        /// The bank's single-use authorization code (scope `provision`).
        public var authorizationCode: String

        /// Makes the data.
        public init(encryptedPayload: String, authorizationCode: String) {
            self.encryptedPayload = encryptedPayload
            self.authorizationCode = authorizationCode
        }
    }

    /// The `Info.plist` keys ``init()`` reads, at the top level of the
    /// extension's `Info.plist`.
    public enum InfoPlistKey {
        /// The App Group (keychain access group on Apple platforms) the app
        /// and both extensions share: required.
        public static let appGroupIdentifier = "TPCAppGroupIdentifier"
        /// The provisioning service's URL for `TPCSDK.configure(url:issuerId:)`.
        public static let serviceURL = "TPCServiceURL"
        /// The issuer identifier for `TPCSDK.configure(url:issuerId:)`.
        public static let issuerId = "TPCIssuerId"
        /// `false` (or `NO`) to offer cards without a recent sign-in; `true`
        /// when absent.
        public static let requiresSignIn = "TPCRequiresSignIn"
    }

    /// The bank's closure for ``init(store:requiresSignIn:requestDeadline:fetchProvisioningData:)``:
    /// the provisioning data of card `cardId`.
    public typealias FetchProvisioningData = @Sendable (_ cardId: String) async throws -> ProvisioningData

    /// The shared card store the app writes.
    public let store: SharedCardStore
    /// Whether Wallet must show the sign-in extension when no sign-in is
    /// recorded or it expired.
    public let requiresSignIn: Bool
    /// Seconds after Wallet's request by which the handler completes at the
    /// latest (with `nil` when the bank or the service is slower): 18 s.
    public let requestDeadline: TimeInterval
    /// Why ``init()`` could not configure the handler from the `Info.plist`
    /// (a missing key, an App Group that cannot be opened, a service URL
    /// `TPCSDK` refuses), or `nil` when it could.
    public let configurationProblem: WalletExtensionsError?

    private let fetchProvisioningData: FetchProvisioningData?

    /// Makes the handler as Wallet does, from the extension's `Info.plist`
    /// (see ``InfoPlistKey``): the App Group store, the sign-in requirement,
    /// and `TPCSDK`'s configuration when the service keys are there.
    ///
    /// It never fails: a missing or unusable key leaves a handler that offers
    /// no cards and reports ``configurationProblem``.
    public override init() {
        let info = Self.extensionInfoDictionary()
        var problem: WalletExtensionsError?
        var store: SharedCardStore?
        if let group = info[InfoPlistKey.appGroupIdentifier] as? String, !group.isEmpty {
            do {
                store = try SharedCardStore.appGroup(group)
            } catch {
                problem = WalletExtensionsError(.notConfigured, "the App Group \(group) cannot be opened: \(error)")
            }
        } else {
            problem = WalletExtensionsError(
                .notConfigured,
                "the extension's Info.plist has no \(InfoPlistKey.appGroupIdentifier) (the App Group the app "
                    + "shares its cards through); Wallet is told there are no cards")
        }
        if let url = info[InfoPlistKey.serviceURL] as? String, let issuer = info[InfoPlistKey.issuerId] as? String {
            do {
                try TPCSDK.configure(url: url, issuerId: issuer)
            } catch {
                problem =
                    problem
                    ?? WalletExtensionsError(
                        .notConfigured,
                        "\(InfoPlistKey.serviceURL) and \(InfoPlistKey.issuerId) in Info.plist are refused: \(error)")
            }
        }
        self.store = store ?? SharedCardStore(backend: UnconfiguredCardStoreBackend(problem: problem))
        self.requiresSignIn = Self.flag(info[InfoPlistKey.requiresSignIn]) ?? true
        self.requestDeadline = 18
        self.fetchProvisioningData = nil
        self.configurationProblem = problem
        super.init()
        if let problem {
            FileHandle.standardError.write(Data("TPCIssuerProvisioningExtensionHandler: \(problem)\n".utf8))
        }
    }

    /// Makes the handler from a store and the bank's closure, for tests and
    /// for extensions that configure themselves in code.
    ///
    /// - Parameters:
    ///   - store: the App Group store the app fills (``SharedCardStore/appGroup(_:)``).
    ///   - requiresSignIn: whether a recent sign-in is needed; `true` by default.
    ///   - requestDeadline: the overall limit for one request, under Apple's 20 s.
    ///   - fetchProvisioningData: fetches a card's payload and code from the
    ///     bank; what ``provisioningData(forCardId:)`` calls.
    public init(
        store: SharedCardStore, requiresSignIn: Bool = true, requestDeadline: TimeInterval = 18,
        fetchProvisioningData: @escaping FetchProvisioningData
    ) {
        self.store = store
        self.requiresSignIn = requiresSignIn
        self.requestDeadline = min(max(requestDeadline, 0), 19)
        self.fetchProvisioningData = fetchProvisioningData
        self.configurationProblem = nil
        super.init()
    }

    /// The bank's part: the provisioning data of card `cardId` (its id in
    /// the store), from the bank's backend. Override it in the extension's
    /// principal class; the base class calls the closure given to
    /// ``init(store:requiresSignIn:requestDeadline:fetchProvisioningData:)``.
    ///
    /// It runs on a task of the handler, under ``requestDeadline``; a
    /// cancelled task means the deadline passed. Whatever it throws is handed
    /// to ``requestDidFail(cardId:error:)`` and Wallet hears `nil`.
    ///
    /// - Throws: ``WalletExtensionsError/Code/notConfigured`` when neither
    ///   overridden nor given a closure.
    open func provisioningData(forCardId cardId: String) async throws -> ProvisioningData {
        guard let fetchProvisioningData else {
            throw WalletExtensionsError(
                .notConfigured,
                "override provisioningData(forCardId:) in the extension's principal class to fetch the card's "
                    + "payload and code from the bank")
        }
        return try await fetchProvisioningData(cardId)
    }

    /// Carries the handler to the task and the thread a request runs and
    /// fails on. The handler's own state is immutable (`let`s);
    /// ``provisioningData(forCardId:)`` and ``requestDidFail(cardId:error:)``
    /// are documented to run there.
    private struct Carried: @unchecked Sendable {
        let handler: TPCIssuerProvisioningExtensionHandler
    }

    /// Called once per request that ends without one (the bank's closure
    /// threw, the service refused, the deadline passed, the card is unknown,
    /// the sign-in expired or the handler is not configured), before Wallet
    /// hears `nil`, on any thread. Override it to log; the error never holds
    /// card data.
    open func requestDidFail(cardId: String, error: any Error) {}

    /// The extension's `Info.plist`: the main bundle's, which inside an app
    /// extension is the extension's; in the emulation, the one the simulated
    /// Wallet app gives the extension it is instantiating.
    private static func extensionInfoDictionary() -> [String: Any] {
        #if canImport(PassKit)
        return Bundle.main.infoDictionary ?? [:]
        #else
        return SimulatedAppExtension.currentInfoDictionary ?? Bundle.main.infoDictionary ?? [:]
        #endif
    }

    private static func flag(_ value: Any?) -> Bool? {
        switch value {
        case let value as Bool: value
        case let value as NSNumber: value.boolValue
        case let value as String: ["true", "yes", "1"].contains(value.lowercased())
        default: nil
        }
    }

    // MARK: - Wallet's calls

    open override func status(completion: @escaping (PKIssuerProvisioningExtensionStatus) -> Void) {
        completion(currentStatus())
    }

    open override func passEntries(completion: @escaping ([PKIssuerProvisioningExtensionPassEntry]) -> Void) {
        completion(entries(remote: false))
    }

    open override func remotePassEntries(completion: @escaping ([PKIssuerProvisioningExtensionPassEntry]) -> Void) {
        completion(entries(remote: true))
    }

    open override func generateAddPaymentPassRequestForPassEntryWithIdentifier(
        _ identifier: String, configuration: PKAddPaymentPassRequestConfiguration,
        certificateChain certificates: [Data], nonce: Data, nonceSignature: Data,
        completionHandler completion: @escaping (PKAddPaymentPassRequest?) -> Void
    ) {
        let once = OnceCompletion(completion)
        let carried = Carried(handler: self)
        let fail: @Sendable (any Error) -> Void = { error in
            // Report only the path that actually completes Wallet's handler,
            // and before Wallet hears `nil`, as requestDidFail documents.
            guard let finish = once.claim() else { return }
            carried.handler.requestDidFail(cardId: identifier, error: error)
            finish(nil)
        }
        let card: StoredCard
        do {
            if let configurationProblem { throw configurationProblem }
            let signInMissing = try store.statusSnapshot().requiresAuthentication()
            guard !requiresSignIn || !signInMissing else {
                throw WalletExtensionsError(.invalidCard, "the sign-in expired; Wallet must ask again")
            }
            guard let found = try store.card(id: identifier) else {
                throw WalletExtensionsError(.unknownCard, "no card \(identifier) in the store")
            }
            card = found
        } catch {
            fail(error)
            return
        }
        let work = Task {
            do {
                let data = try await carried.handler.provisioningData(forCardId: identifier)
                try Task.checkCancellation()
                let input = GenerateAddPaymentPassRequestInput(
                    scheme: card.scheme, encryptedPayload: data.encryptedPayload,
                    authorizationCode: data.authorizationCode, certificateChain: certificates, nonce: nonce,
                    nonceSignature: nonceSignature)
                input.productId = card.productId
                input.primaryAccountIdentifier = card.primaryAccountIdentifier
                TPCSDK.generateAddPaymentPassRequestForInput(input) { request, error in
                    if let request, error == nil {
                        once.complete(request)
                    } else {
                        fail(error ?? WalletExtensionsError(.storeFailure, "the SDK answered no request"))
                    }
                }
            } catch {
                fail(error)
            }
        }
        let deadline = requestDeadline
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
            work.cancel()
            fail(WalletExtensionsError(.timedOut, "no request within \(Int(deadline)) s"))
        }
    }

    // MARK: - The answers

    /// The status Wallet gets: from the store's snapshot only.
    public func currentStatus(at date: Date = Date()) -> PKIssuerProvisioningExtensionStatus {
        let status = PKIssuerProvisioningExtensionStatus()
        guard let snapshot = try? store.statusSnapshot() else {
            // An unreadable store offers nothing; the app rewrites it on its next launch.
            status.requiresAuthentication = requiresSignIn
            return status
        }
        status.requiresAuthentication = requiresSignIn && snapshot.requiresAuthentication(at: date)
        status.passEntriesAvailable = snapshot.passEntriesAvailable
        status.remotePassEntriesAvailable = snapshot.remotePassEntriesAvailable
        return status
    }

    /// The entries for the iPhone (`remote == false`) or the Watch: the
    /// cards not yet on that device, after re-reading the pass library; none
    /// without a valid sign-in when one is required.
    public func entries(remote: Bool) -> [PKIssuerProvisioningExtensionPaymentPassEntry] {
        if requiresSignIn, (try? store.statusSnapshot().requiresAuthentication()) ?? true { return [] }
        if remote, !((try? store.isWatchPaired()) ?? false) { return [] }
        let cards = (try? store.refreshDigitization()) ?? (try? store.cards()) ?? []
        return cards.filter { $0.isAvailable(remote: remote) }.compactMap(entry(for:))
    }

    /// The Wallet entry of `card`; `nil` when its art cannot be read.
    public func entry(for card: StoredCard) -> PKIssuerProvisioningExtensionPaymentPassEntry? {
        guard let data = try? store.art(forCardId: card.id),
            let art = CardArtImage.image(from: data, format: card.artFormat),
            let configuration = PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2)
        else { return nil }
        configuration.cardholderName = card.cardholderName
        configuration.primaryAccountSuffix = card.lastFour
        configuration.paymentNetwork = card.scheme.paymentNetwork
        configuration.primaryAccountIdentifier = card.primaryAccountIdentifier
        configuration.localizedDescription = card.productTitle
        if let productId = card.productId { configuration.productIdentifiers = [productId] }
        return PKIssuerProvisioningExtensionPaymentPassEntry(
            identifier: card.id, title: card.productTitle, art: art, addRequestConfiguration: configuration)
    }
}
#endif
