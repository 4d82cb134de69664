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
/// of extension code, correct by construction, configured with the shared
/// card store and one closure the bank writes.
///
/// * `status` answers from the store's ``StatusSnapshot`` — one small read,
///   no network, no per-card lookups — well inside Apple's 100 ms.
/// * `passEntries` / `remotePassEntries` re-read where the cards are from
///   Wallet's pass library (local) and list exactly the cards not yet on that
///   device, each with its art, title and a complete request configuration
///   (ECC_V2, cardholder name, last four, network, primary account
///   identifier, product).
/// * `generateAddPaymentPassRequestForPassEntryWithIdentifier` asks the bank
///   (`fetchProvisioningData`) for the card's encrypted payload and
///   authorization code, then `TPCSDK.generateAddPaymentPassRequestForInput(_:completion:)`,
///   all under ``requestDeadline`` (18 s, inside Apple's 20 s).
/// * Every completion is called exactly once, on every path (failure,
///   deadline, unknown card, expired sign-in).
/// * With ``requiresSignIn`` (the default), Wallet shows the sign-in
///   extension until the user signed in within the last 5 minutes (see
///   ``SharedCardStore/recordSignIn(at:lifetime:)``), and no entries or
///   requests are given without it.
///
/// The extension's principal class, in full:
///
/// ```swift
/// final class IntentHandler: TPCIssuerProvisioningExtensionHandler {
///     override init() {
///         try? TPCSDK.configure(url: "https://tpc.bank.example/mg/tpc", issuerId: "bank-1")
///         // The extension runs on iOS, where the App Group store is the keychain
///         // access group: opening it cannot fail, so no `try` is needed.
///         let store = SharedCardStore(backend: KeychainCardStoreBackend(accessGroup: "group.com.bank.app"))
///         super.init(store: store) { cardId in
///             let card = try await BankAPI.provisioningData(cardId: cardId)
///             return .init(encryptedPayload: card.payload, authorizationCode: card.code)
///         }
///     }
/// }
/// ```
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

    /// The bank's one closure: the provisioning data of card `cardId`.
    public typealias FetchProvisioningData = @Sendable (_ cardId: String) async throws -> ProvisioningData

    /// The shared card store the app writes.
    public let store: SharedCardStore
    /// Whether Wallet must show the sign-in extension when no sign-in is
    /// recorded or it expired.
    public let requiresSignIn: Bool
    /// Seconds after Wallet's request by which the handler completes at the
    /// latest (with `nil` when the bank or the service is slower): 18 s.
    public let requestDeadline: TimeInterval

    private let fetchProvisioningData: FetchProvisioningData

    /// Makes the handler.
    ///
    /// - Parameters:
    ///   - store: the App Group store the app fills (``SharedCardStore/appGroup(_:)``).
    ///   - requiresSignIn: whether a recent sign-in is needed; `true` by default.
    ///   - requestDeadline: the overall limit for one request, under Apple's 20 s.
    ///   - fetchProvisioningData: fetches a card's payload and code from the bank.
    public init(
        store: SharedCardStore, requiresSignIn: Bool = true, requestDeadline: TimeInterval = 18,
        fetchProvisioningData: @escaping FetchProvisioningData
    ) {
        self.store = store
        self.requiresSignIn = requiresSignIn
        self.requestDeadline = min(max(requestDeadline, 0), 19)
        self.fetchProvisioningData = fetchProvisioningData
        super.init()
    }

    /// Carries the handler to the thread a request fails on. The handler's
    /// own state is immutable (`let`s); ``requestDidFail(cardId:error:)`` is
    /// documented to run on any thread.
    private struct FailureReporter: @unchecked Sendable {
        let handler: TPCIssuerProvisioningExtensionHandler
    }

    /// Called once per request that ends without one (the bank's closure
    /// threw, the service refused, the deadline passed, the card is unknown
    /// or the sign-in expired), before Wallet hears `nil`, on any thread.
    /// Override it to log; the error never holds card data.
    open func requestDidFail(cardId: String, error: any Error) {}

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
        let reporter = FailureReporter(handler: self)
        let fail: @Sendable (any Error) -> Void = { error in
            // Report only the path that actually completes Wallet's handler.
            if once.complete(nil) { reporter.handler.requestDidFail(cardId: identifier, error: error) }
        }
        let card: StoredCard
        do {
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
        let fetch = fetchProvisioningData
        let work = Task {
            do {
                let data = try await fetch(identifier)
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
