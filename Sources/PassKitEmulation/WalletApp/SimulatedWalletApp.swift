import Dispatch
import Foundation
import Synchronization

/// A simulated Apple Wallet app that hosts an issuer's Wallet extensions the
/// way Wallet does on an iPhone (flow B of the design): the non-UI extension
/// (a ``PKIssuerProvisioningExtensionHandler``) and, optionally, the sign-in
/// UI extension (a view controller conforming to
/// ``PKIssuerProvisioningExtensionAuthorizationProviding``).
///
/// ``addCards(to:signIn:picking:)`` plays one visit of the user:
///
/// 1. `status`, timed: no answer within ``Limits/status`` (100 ms) and Wallet
///    leaves the issuer out of its list;
/// 2. the sign-in extension when the status requires it, and the scripted
///    user's action on it (`signIn`);
/// 3. `passEntries` (iPhone) or `remotePassEntries` (Watch), within
///    ``Limits/entries`` (20 s);
/// 4. for each card the user picks, Apple's nonce from the device, its
///    signature and the certificate chain, then
///    `generateAddPaymentPassRequestForPassEntryWithIdentifier` within
///    ``Limits/request`` (20 s), and the request submitted to the sandbox;
///    the pass lands on the device.
///
/// Every completion is gated: a second call, a late call and a missing call
/// are each recorded as a ``SimulatedWallet/Diagnostic`` with a message that
/// says what to fix, in the visit and in ``SimulatedWallet/diagnostics``.
///
/// Wallet makes the extension's principal class itself, with `init()` and
/// the extension's `Info.plist` in place (``SimulatedAppExtension``), once,
/// on the first call it needs it for, as iOS does when it launches the
/// extension.
///
/// ```swift
/// let app = SimulatedWalletApp(
///     wallet: wallet, issuerExtension: SimulatedAppExtension(principalClass: IntentHandler.init),
///     authorizationExtension: { IntentViewController() })
/// let visit = await app.addCards(to: .iPhone, signIn: { ($0 as? IntentViewController)?.signIn() })
/// print(visit.entries.map(\.title), visit.added.compactMap(\.pass))
/// ```
public final class SimulatedWalletApp: Sendable {
    /// Makes the sign-in extension's principal view controller.
    public typealias AuthorizationExtension =
        @MainActor @Sendable () -> any UIViewController & PKIssuerProvisioningExtensionAuthorizationProviding

    /// What the user does on the sign-in screen once it appears.
    public typealias SignInScript =
        @MainActor @Sendable (any UIViewController & PKIssuerProvisioningExtensionAuthorizationProviding) -> Void

    /// Wallet's time limits for the extension's completions.
    public struct Limits: Hashable, Sendable {
        /// `status`: about 100 ms.
        public var status: Duration
        /// `passEntries` and `remotePassEntries`: 20 s.
        public var entries: Duration
        /// `generateAddPaymentPassRequestForPassEntryWithIdentifier`: 20 s.
        public var request: Duration
        /// How long the sign-in screen waits for its completion handler.
        public var authorization: Duration

        /// Makes limits.
        public init(status: Duration, entries: Duration, request: Duration, authorization: Duration) {
            self.status = status
            self.entries = entries
            self.request = request
            self.authorization = authorization
        }

        /// Apple's limits: 100 ms, 20 s, 20 s; five minutes for sign-in.
        public static let apple = Limits(
            status: .milliseconds(100), entries: .seconds(20), request: .seconds(20), authorization: .seconds(300))
    }

    /// The wallet (devices and passes) the app adds to.
    public let wallet: SimulatedWallet
    /// The time limits.
    public let limits: Limits

    /// The extension's handler. Apple's class is not `Sendable`, yet Wallet
    /// calls it from its own threads, across the process boundary on iOS;
    /// the box says so once, here. It is made and called on
    /// `extensionQueue` only.
    private struct HandlerBox: @unchecked Sendable {
        let handler: PKIssuerProvisioningExtensionHandler
    }

    /// The principal object once made, or how to make it.
    private enum Principal: Sendable {
        case toMake(SimulatedAppExtension)
        case made(HandlerBox)
    }

    private let principal: Mutex<Principal>
    private let authorizationExtension: AuthorizationExtension?
    /// The queue Wallet calls the non-UI extension's handler on: one serial
    /// queue, never the main thread. Apple does not document the thread;
    /// one serial queue for every call is the strict reading (a call that
    /// blocks delays the next, as on an extension's connection).
    /// A handler that blocks delays its next call, as it does on iOS, and
    /// a handler that waits on this queue for a completion scheduled onto
    /// it deadlocks: Wallet reports the call too slow or never answered.
    /// The sign-in extension's view controller runs on the main actor.
    public let extensionQueue = DispatchQueue(label: "simulated-wallet-app.extension")

    /// Hosts `issuerExtension` (and the sign-in extension, if the app has one)
    /// in Wallet on `wallet`'s devices; Wallet makes its principal class with
    /// `init()` when it first calls it.
    public init(
        wallet: SimulatedWallet, issuerExtension: SimulatedAppExtension,
        authorizationExtension: AuthorizationExtension? = nil, limits: Limits = .apple
    ) {
        self.wallet = wallet
        self.principal = Mutex(.toMake(issuerExtension))
        self.authorizationExtension = authorizationExtension
        self.limits = limits
    }

    /// Hosts a handler already made, for tests that give it dependencies
    /// through an initializer of their own; Wallet itself only ever uses
    /// `init()` (the initializer that takes a ``SimulatedAppExtension``).
    public init(
        wallet: SimulatedWallet, issuerExtension: PKIssuerProvisioningExtensionHandler,
        authorizationExtension: AuthorizationExtension? = nil, limits: Limits = .apple
    ) {
        self.wallet = wallet
        self.principal = Mutex(.made(HandlerBox(handler: issuerExtension)))
        self.authorizationExtension = authorizationExtension
        self.limits = limits
    }

    /// Waits, up to `limit`, until the handler's method Wallet called last has
    /// returned — the serial `extensionQueue` runs this after it — so that a
    /// completion called a second time within the same call is recorded
    /// before the visit reports. A call still running after `limit` is left
    /// to itself.
    private func extensionCallReturned(within limit: Duration) async {
        let returned = ExtensionCallGate<Bool>(call: "return", limit: limit, timeoutConsequence: "", log: nil)
        extensionQueue.async { returned.deliver(true) }
        _ = await returned.wait()
    }

    /// The principal object, made on first use; call on `extensionQueue`.
    private func handler() -> HandlerBox {
        principal.withLock { principal in
            switch principal {
            case .made(let box):
                return box
            case .toMake(let issuerExtension):
                let box = HandlerBox(handler: issuerExtension.instantiate())
                principal = .made(box)
                return box
            }
        }
    }

    /// Asks the extension for its status as Wallet does when it opens its
    /// list of issuer apps; `nil` when it did not answer within
    /// ``Limits/status``.
    public func checkStatus() async -> StatusAnswer? {
        await status(log: DiagnosticLog(wallet: wallet))
    }

    /// Plays one visit of the user adding cards from the issuer's app to
    /// `device` (see the type's overview).
    ///
    /// - Parameters:
    ///   - device: `.iPhone`, or `.watch` for the paired Watch (the visit ends
    ///     at once when none is paired).
    ///   - signIn: what the user does on the sign-in screen, if it appears.
    ///   - picking: which offered cards the user adds.
    public func addCards(
        to device: SimulatedDevice.Kind, signIn: SignInScript? = nil, picking: EntrySelection = .all
    ) async -> Visit {
        let log = DiagnosticLog(wallet: wallet)
        var visit = await run(Visit(device: device), signIn: signIn, picking: picking, log: log)
        visit.diagnostics = log.all
        return visit
    }

    private func run(
        _ start: Visit, signIn: SignInScript?, picking: EntrySelection, log: DiagnosticLog
    ) async
        -> Visit
    {
        var visit = start
        guard let target = visit.device == .iPhone ? wallet.iPhone : wallet.watch else {
            log.record(.choiceNotOffered, "no Apple Watch is paired; Wallet offers no Watch cards")
            return visit
        }
        guard let status = await status(log: log) else { return visit }
        visit.status = status
        visit.isIssuerListed = visit.device == .iPhone ? status.passEntriesAvailable : status.remotePassEntriesAvailable
        guard visit.isIssuerListed else { return visit }

        if status.requiresAuthentication {
            let result = await authorize(signIn: signIn, log: log)
            visit.authorization = result
            guard result == .authorized else { return visit }
        }

        let entries = await entries(for: visit.device, target: target, log: log)
        visit.entries = entries.map(Self.offered)
        let picked: [EntryValues] =
            switch picking {
            case .all: entries
            case .none: []
            case .identifiers(let identifiers):
                identifiers.compactMap { identifier in entries.first { $0.identifier == identifier } }
            }
        for entry in picked {
            visit.added.append(await add(entry, to: target, log: log))
        }
        return visit
    }

    // MARK: - Steps

    /// A status's flags, copied where the extension hands the status over.
    private struct StatusFlags: Sendable {
        var requiresAuthentication: Bool
        var passEntriesAvailable: Bool
        var remotePassEntriesAvailable: Bool

        init(_ status: PKIssuerProvisioningExtensionStatus) {
            requiresAuthentication = status.requiresAuthentication
            passEntriesAvailable = status.passEntriesAvailable
            remotePassEntriesAvailable = status.remotePassEntriesAvailable
        }
    }

    /// An entry's values, copied where the extension hands the entries over
    /// (Wallet receives copies across the process boundary on iOS); `nil`
    /// configuration for an entry that is not a payment entry.
    private struct EntryValues: Sendable {
        var identifier: String
        var title: String
        var artWidth: Int
        var artHeight: Int
        var configuration: RequestConfigurationValues?

        init(_ entry: PKIssuerProvisioningExtensionPassEntry) {
            identifier = entry.identifier
            title = entry.title
            artWidth = entry.art.width
            artHeight = entry.art.height
            configuration = (entry as? PKIssuerProvisioningExtensionPaymentPassEntry).map {
                RequestConfigurationValues($0.addRequestConfiguration)
            }
        }
    }

    private func status(log: DiagnosticLog) async -> StatusAnswer? {
        let gate = ExtensionCallGate<StatusFlags>(
            call: "status", limit: limits.status, timeoutCode: .statusTooSlow,
            timeoutConsequence: "Wallet leaves the issuer out of its list (answer from the shared store: no "
                + "network and no per-card lookups in status)",
            log: log)
        extensionQueue.async { self.handler().handler.status { gate.deliver(StatusFlags($0)) } }
        guard let status = await gate.wait() else { return nil }
        await extensionCallReturned(within: limits.status)
        return StatusAnswer(
            requiresAuthentication: status.requiresAuthentication,
            passEntriesAvailable: status.passEntriesAvailable,
            remotePassEntriesAvailable: status.remotePassEntriesAvailable, elapsed: gate.elapsed ?? .zero)
    }

    @MainActor
    private func authorize(
        signIn: SignInScript?, log: DiagnosticLog
    ) async
        -> PKIssuerProvisioningExtensionAuthorizationResult
    {
        guard let authorizationExtension else {
            log.record(
                .authorizationExtensionMissing,
                "status requires authentication but the app has no sign-in extension "
                    + "(NSExtensionPointIdentifier com.apple.PassKit.issuer-provisioning.authorization)")
            return .canceled
        }
        let gate = ExtensionCallGate<PKIssuerProvisioningExtensionAuthorizationResult>(
            call: "authorization", limit: limits.authorization,
            timeoutConsequence: "Wallet closes the sign-in screen", log: log)
        let controller = authorizationExtension()
        controller.completionHandler = { gate.deliver($0) }
        let host = UIViewController()
        host.present(controller, animated: true)
        signIn?(controller)
        let result = await gate.wait() ?? .canceled
        host.dismiss(animated: true)
        if result == .canceled {
            log.record(.authorizationCanceled, "the sign-in extension answered .canceled; Wallet adds nothing")
        }
        return result
    }

    private func entries(
        for kind: SimulatedDevice.Kind, target: SimulatedDevice, log: DiagnosticLog
    ) async -> [EntryValues] {
        let call = kind == .iPhone ? "passEntries" : "remotePassEntries"
        let gate = ExtensionCallGate<[EntryValues]>(
            call: call, limit: limits.entries,
            timeoutConsequence: "Wallet treats it as no cards available", log: log)
        extensionQueue.async {
            let box = self.handler()
            if kind == .iPhone {
                box.handler.passEntries { gate.deliver($0.map(EntryValues.init)) }
            } else {
                box.handler.remotePassEntries { gate.deliver($0.map(EntryValues.init)) }
            }
        }
        let answered = await gate.wait() ?? []
        await extensionCallReturned(within: limits.entries)
        var seen: Set<String> = []
        var usable: [EntryValues] = []
        for entry in answered {
            guard let configuration = entry.configuration else {
                log.record(.invalidEntry, "\(call): an entry is not a payment pass entry; Wallet skips it")
                continue
            }
            guard seen.insert(entry.identifier).inserted else {
                log.record(.invalidEntry, "\(call): the identifier \(entry.identifier) is repeated; Wallet skips it")
                continue
            }
            if entry.artWidth != 1536 || entry.artHeight != 969 {
                log.record(
                    .cardArtNonconforming,
                    "\(call): the art of \(entry.identifier) is \(entry.artWidth) × \(entry.artHeight); "
                        + "Apple requires 1536 × 969")
            }
            let canAdd = wallet.devicesThatCanAdd(configuration.primaryAccountIdentifier)
            if configuration.primaryAccountIdentifier != nil, !(kind == .iPhone ? canAdd.iPhone : canAdd.watch) {
                log.record(
                    .entryAlreadyOnDevice,
                    "\(call): \(entry.identifier) is already on \(target.name); list only cards the device lacks")
                continue
            }
            usable.append(entry)
        }
        return usable
    }

    private func add(_ entry: EntryValues, to device: SimulatedDevice, log: DiagnosticLog) async -> AddResult {
        var result = AddResult(identifier: entry.identifier)
        guard let configuration = entry.configuration, configuration.encryptionScheme == .ECC_V2,
            !configuration.requiresFelicaSecureElement
        else {
            result.errorCode = .unsupported
            result.shownError = "This card cannot be added to \(device.name)."
            return result
        }
        let provisioning = DeviceProvisioning(wallet: wallet, device: device)
        guard let challenge = await provisioning.challenge(log: log) else {
            result.errorCode = .systemCancelled
            result.shownError = "Could not add the card. Try again later."
            return result
        }
        let gate = ExtensionCallGate<IssuerPassRequest?>(
            call: "generateAddPaymentPassRequestForPassEntryWithIdentifier", limit: limits.request,
            timeoutConsequence: "Wallet shows an error and adds nothing", log: log)
        let identifier = entry.identifier
        extensionQueue.async {
            // The extension gets its own configuration object, as from XPC.
            guard let copy = configuration.configuration() else {
                gate.deliver(nil)
                return
            }
            self.handler().handler.generateAddPaymentPassRequestForPassEntryWithIdentifier(
                identifier, configuration: copy, certificateChain: challenge.certificateChain,
                nonce: challenge.nonce, nonceSignature: challenge.nonceSignature,
                completionHandler: { gate.deliver($0.map(IssuerPassRequest.init)) })
        }
        guard case .some(.some(let request)) = await gate.wait() else {
            if gate.elapsed != nil {
                log.record(.noRequest, "\(identifier): the issuer answered no request; Wallet shows an error")
            }
            result.errorCode = .systemCancelled
            result.shownError = "Could not add the card. Contact your card issuer."
            return result
        }
        result.activationData = request.activationData
        switch await provisioning.submit(request, challenge: challenge, configuration: configuration, log: log) {
        case .success(let pass):
            result.added = (pass, device.kind == .watch)
        case .failure(let error):
            result.errorCode = PKAddPaymentPassError(rawValue: error.code) ?? .systemCancelled
            result.shownError = "Could not add the card. Contact your card issuer."
        }
        return result
    }

    private static func offered(_ entry: EntryValues) -> OfferedEntry {
        let configuration = entry.configuration
        return OfferedEntry(
            identifier: entry.identifier, title: entry.title, artWidth: entry.artWidth, artHeight: entry.artHeight,
            cardholderName: configuration?.cardholderName, primaryAccountSuffix: configuration?.primaryAccountSuffix,
            paymentNetwork: configuration?.paymentNetwork,
            primaryAccountIdentifier: configuration?.primaryAccountIdentifier,
            localizedDescription: configuration?.localizedDescription,
            encryptionScheme: configuration?.encryptionScheme ?? .ECC_V2)
    }
}
