import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningService
import ProvisioningStorage
import Synchronization

/// The outside world of the sandbox on one object: Apple's server side (an
/// Apple-shaped certificate authority, simulated devices, nonces, add-pass)
/// and the card networks' token services (vault, ID&V by test card,
/// lifecycle, signed notifications to the service).
///
/// `tpc serve --sandbox` creates one after migrating the database, pins
/// ``trustRoot`` and ``intermediateCommonName`` in the service, hands
/// ``connector`` to the service, mounts the routes with
/// ``register(on:basePath:)``, and, once the server listens, tells the
/// sandbox where to post notifications:
///
/// ```swift
/// try await Migrator(ServiceMigrations.all + SandboxMigrations.all).migrate(database)
/// let sandbox = try await Sandbox(database: database, issuers: configuration, directory: sandboxDirectory)
/// let policy = ApplePayIssuerEncryptionPolicy.sandbox(intermediateCommonName: sandbox.intermediateCommonName)
/// var router = Router()
/// sandbox.register(on: &router, basePath: "/mg/tpc")
/// try server.start()
/// sandbox.setServiceBaseURL(URL(string: "http://127.0.0.1:\(server.port)/mg/tpc")!)
/// // …
/// await sandbox.shutdown()
/// ```
///
/// All state lives in the `sandbox_*` tables (``SandboxMigrations``) plus the
/// master key file in `directory`, so several processes sharing one
/// PostgreSQL and one sandbox directory act as one sandbox.
package final class Sandbox: Sendable {
    /// Apple Pay's token requestor id, reported for tokens of issuers that list it.
    package static let applePayTokenRequestorId = "40010030273"

    /// The sandbox's migrations: the ``ProvisioningService/SchemaComponent/sandbox``
    /// and ``ProvisioningService/SchemaComponent/sandboxWallet`` components
    /// (``SandboxMigrations/all``, ``SandboxWalletMigrations/all``).
    package static var migrations: [Migration] { SandboxMigrations.all + SandboxWalletMigrations.all }

    /// How often the background task retries undelivered notifications.
    package let retryInterval: Duration

    let authority: SandboxCertificateAuthority
    let devices: DeviceRegistry
    let nonces: NonceStore
    let passes: PassStore
    let vault: NetworkTokenService
    let outbox: NotificationOutbox
    let addPassFlow: AddPassFlow
    let wallet: SandboxWalletNetwork
    let issuerDirectory: IssuerDirectory
    /// Where the MDES endpoint writes what it was asked and answered.
    let mdesJournal: MDESJournal
    let clock: @Sendable () -> Date
    private let retryTask = Mutex<Task<Void, Never>?>(nil)

    /// Opens the sandbox: reads (or creates, mode 0600) the master key in
    /// `directory`, loads (or creates, once per database) the certificate
    /// authority, and starts the notification retry task.
    ///
    /// The database must already be migrated with ``migrations``.
    ///
    /// - Parameters:
    ///   - database: the deployment's database.
    ///   - issuers: the issuers the networks serve (their notification and
    ///     activation-data secrets are loaded now).
    ///   - directory: the sandbox directory holding `sandbox-master.key`.
    ///   - clock: the time source (tests pass a controllable one).
    ///   - retryInterval: the period of the background retry of notifications.
    ///   - activationLifetime: how long a wallet ID&V session lasts; by
    ///     default the `TPC_SANDBOX_ACTIVATION_SECONDS` environment variable,
    ///     else ten minutes (tests shorten it to see sessions expire).
    /// - Throws: ``SandboxError`` — `directoryUnusable`, `masterKeyMismatch`
    ///   (the database's CA was sealed under another master key) — or a
    ///   `StorageError`.
    package init(
        database: any SQLDatabase, issuers: IssuerConfiguration, directory: URL,
        clock: @escaping @Sendable () -> Date = { Date() }, retryInterval: Duration = .seconds(2),
        activationLifetime: TimeInterval? = nil
    ) async throws {
        let masterKey = try SandboxMasterKey.loadOrCreate(in: directory)
        let issuerDirectory = try IssuerDirectory(configuration: issuers)
        self.issuerDirectory = issuerDirectory
        mdesJournal = MDESJournal(directory: directory)
        authority = try await SandboxCertificateAuthority.loadOrCreate(
            database: database, masterKey: masterKey, now: clock())
        devices = DeviceRegistry(database: database, clock: clock)
        nonces = NonceStore(database: database, clock: clock)
        passes = PassStore(database: database)
        outbox = NotificationOutbox(database: database, issuers: issuerDirectory, clock: clock)
        vault = try NetworkTokenService(
            database: database, issuers: issuerDirectory, outbox: outbox, masterKey: masterKey, clock: clock)
        addPassFlow = AddPassFlow(
            authority: authority, devices: devices, nonces: nonces, passes: passes, vault: vault,
            issuers: issuerDirectory, outbox: outbox, database: database, clock: clock)
        let environmentLifetime = ProcessInfo.processInfo.environment["TPC_SANDBOX_ACTIVATION_SECONDS"]
            .flatMap(TimeInterval.init).flatMap { $0 > 0 ? $0 : nil }
        wallet = try SandboxWalletNetwork(
            database: database, masterKey: masterKey,
            activationLifetime: activationLifetime ?? environmentLifetime ?? 600, clock: clock)
        self.clock = clock
        self.retryInterval = retryInterval
        startRetryTask()
    }

    deinit {
        retryTask.withLock { $0?.cancel() }
    }

    // MARK: What the service pins and calls

    /// The networks' token service, for the service's lifecycle operations;
    /// it also conforms to ``ProvisioningService/WalletTokenService`` (the
    /// issuer wallet's network side), which ``ProvisioningServiceApp`` picks up.
    package var connector: any TokenServiceConnector { SandboxConnector(vault: vault, wallet: wallet) }

    /// The networks' side of the issuer wallet.
    package var walletNetwork: any WalletTokenService { SandboxConnector(vault: vault, wallet: wallet) }

    /// The one-time code of an open wallet ID&V session — the sandbox's
    /// stand-in for the SMS a real issuer would send.
    ///
    /// - Throws: `ProblemDetails` `not-found` for an unknown or closed session.
    package func activationCode(sessionId: String) async throws -> SandboxActivationCode {
        guard let code = try await wallet.activationCode(sessionId: sessionId) else {
            throw ProvisioningAPI.ProblemDetails(.notFound, detail: "No open activation session with this id.")
        }
        return SandboxActivationCode(sessionId: sessionId, code: code)
    }

    /// A sandbox terminal's contactless payment; see ``ProvisioningAPI/PaymentRequest``.
    ///
    /// - Throws: `ProblemDetails` `invalid-field` or `not-found` (unknown card);
    ///   declines are answers, not errors.
    package func pay(_ request: PaymentRequest) async throws -> PaymentResult {
        try await wallet.pay(request)
    }

    /// The sandbox root certificate, which the service pins in sandbox mode.
    package var trustRoot: Certificate { authority.root }

    /// The intermediate's common name, for
    /// `ApplePayIssuerEncryptionPolicy.sandbox(intermediateCommonName:)`.
    package var intermediateCommonName: String { authority.intermediate.subject.commonName ?? "" }

    /// The chain a device hands to the issuer app: leaf, then intermediate.
    package var certificateChain: [Certificate] { authority.chain }

    /// Where notifications go: `<url>/v1/networks/<network>/notifications`,
    /// where `url` includes the service's base path
    /// (`http://127.0.0.1:8080/mg/tpc`). Pending notifications are retried
    /// once it is set.
    ///
    /// - Parameter trust: what an `https` service's certificate must lead to;
    ///   `tpc serve --tls-cert` pins its own certificate
    ///   (`.pinnedCertificate(pem:)`), since the loopback address it posts to
    ///   is rarely a name the certificate carries.
    package func setServiceBaseURL(_ url: URL, trust: HTTPClient.Trust = .systemRoots) {
        outbox.setServiceBaseURL(url, trust: trust)
    }

    /// Stops the background retry task and waits for it; undelivered
    /// notifications stay in the outbox for the next start.
    package func shutdown() async {
        let task = retryTask.withLock { task -> Task<Void, Never>? in
            defer { task = nil }
            return task
        }
        task?.cancel()
        await task?.value
    }

    // MARK: Apple's side

    /// Registers a simulated device and returns its id.
    /// - Throws: ``SandboxError`` `invalidField` or `unknownDevice` (the paired iPhone).
    package func registerDevice(
        _ request: SandboxDeviceRegistrationRequest
    ) async throws -> SandboxDeviceRegistrationResponse {
        SandboxDeviceRegistrationResponse(deviceId: try await devices.register(request))
    }

    /// Issues a single-use nonce (32 random bytes, five minutes) to a device.
    /// - Throws: ``SandboxError`` `unknownDevice`.
    package func issueNonce(deviceId: String) async throws -> SandboxNonce {
        _ = try await devices.requireDevice(id: deviceId)
        return try await nonces.issue(to: deviceId)
    }

    /// The chain (leaf first, DER) and the root, as `GET /v1/sandbox/certificates` answers.
    package var certificates: SandboxCertificateChain {
        SandboxCertificateChain(
            certificateChain: authority.chain.map { Data($0.derRepresentation) },
            rootCertificate: Data(authority.root.derRepresentation))
    }

    /// Apple's side of adding a payment pass; see ``SandboxPassRequest``.
    ///
    /// - Throws: ``SandboxError``: `unknownDevice`, `invalidField`,
    ///   `passDataUndecryptable`, `nonceUnknown`, `nonceExpired`,
    ///   `nonceReplayed`, `nonceSignatureInvalid`, `activationDataInvalid`,
    ///   `declined`.
    package func addPass(_ request: SandboxPassRequest, deviceId: String) async throws -> SandboxPass {
        try await addPassFlow.addPass(request, deviceId: deviceId)
    }

    /// Every pass of a device, states following their tokens.
    /// - Throws: ``SandboxError`` `unknownDevice`.
    package func passes(deviceId: String) async throws -> SandboxPassList {
        _ = try await devices.requireDevice(id: deviceId)
        return SandboxPassList(passes: try await passes.passes(deviceId: deviceId))
    }

    /// PassKit's `activate(_:activationData:)`: activates a pass that requires
    /// activation with the activation data of its add request.
    ///
    /// - Throws: ``SandboxError``: `unknownDevice`, `unknownPass`,
    ///   `activationDataInvalid`, `illegalTransition`.
    package func activatePass(
        serialNumber: String, deviceId: String, request: SandboxPassActivationRequest
    ) async throws -> SandboxPass {
        _ = try await devices.requireDevice(id: deviceId)
        guard let (_, tokenId) = try await passes.pass(serialNumber: serialNumber, deviceId: deviceId) else {
            throw SandboxError(.unknownPass, "no pass with this serial number on this device")
        }
        _ = try await vault.activate(tokenId: tokenId, activationData: [UInt8](request.activationData))
        guard let pass = try await passes.pass(tokenId: tokenId) else {
            throw SandboxError(.corruptState, "an activated pass cannot be read")
        }
        return pass
    }

    /// Find My's lost mode on a device: the cardholder suspends each of its
    /// passes (MDES suspender `C`), or lifts those suspensions; the service
    /// hears of every token whose state changed, as of any network event.
    ///
    /// Lost mode belongs to the device, so a pass the rules keep as it is (a
    /// token the issuer suspended, which the cardholder can neither suspend
    /// nor resume on Apple Pay; a deleted or inactive one) is not an error:
    /// the answer shows every pass's state after the change.
    ///
    /// - Throws: ``SandboxError`` `unknownDevice`.
    package func setLostMode(_ request: SandboxLostModeRequest, deviceId: String) async throws -> SandboxPassList {
        _ = try await devices.requireDevice(id: deviceId)
        let action: TokenLifecycleAction = request.enabled ? .suspend : .resume
        for pass in try await passes.passes(deviceId: deviceId)
        where pass.activationState == .activated || pass.activationState == .suspended {
            do {
                try await vault.change(tokenId: pass.deviceAccountIdentifier, action, by: .cardholder)
            } catch let error as SandboxError where error.code == .illegalTransition {
                continue
            }
        }
        return SandboxPassList(passes: try await passes.passes(deviceId: deviceId))
    }

    /// The documented test cards, as `GET /v1/sandbox/test-cards` answers.
    package func testCards() -> SandboxTestCardsResponse {
        SandboxTestCardsResponse(
            cards: SandboxTestCards.all(now: clock()).map { card in
                ProvisioningAPI.SandboxTestCard(
                    pan: card.pan, expiry: card.expiration, scheme: CardSchemeName(card.scheme.rawValue),
                    auxiliaryScheme: card.auxiliaryScheme.map { CardSchemeName($0.rawValue) },
                    outcome: Self.wireOutcome(card.outcome), description: Self.summary(of: card))
            })
    }

    // MARK: Notifications

    /// Retries every undelivered notification whose time has come; returns
    /// how many were delivered. The background task calls this every
    /// ``retryInterval``.
    @discardableResult
    package func deliverPendingNotifications() async -> Int {
        await outbox.deliverDue()
    }

    /// The number of notifications not yet acknowledged by the service.
    package func pendingNotificationCount() async throws -> Int {
        try await outbox.pendingCount()
    }

    // MARK: Retention

    /// What the service's retention job (``ProvisioningService/RetentionJob``)
    /// deletes of the sandbox's tables: nonces once their five minutes and the
    /// clock skew have passed (used or not: a resubmission of the add request
    /// after that is refused as expired either way), and notifications the
    /// service acknowledged, the clock skew after delivery. Pending
    /// notifications stay until delivered.
    ///
    /// ```swift
    /// let job = app.retentionJob(settings, extraRules: Sandbox.retentionRules(settings))
    /// ```
    package static func retentionRules(_ settings: RetentionSettings) -> [RetentionRule] {
        [
            RetentionRule(
                table: "sandbox_nonces", keyColumns: ["nonce_hash"], timestampColumn: "expires_at",
                keep: settings.clockSkew),
            RetentionRule(
                table: "sandbox_outbox", keyColumns: ["event_id"], timestampColumn: "delivered_at",
                keep: settings.clockSkew),
        ]
    }

    private func startRetryTask() {
        let outbox = self.outbox
        let interval = retryInterval
        let task = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                await outbox.deliverDue()
            }
        }
        retryTask.withLock { $0 = task }
    }

    static func summary(of card: SandboxNetwork.SandboxTestCard) -> String {
        let outcome =
            switch card.outcome {
            case .approve: "approved, the pass is activated at once"
            case .requireActivation: "requires activation in the issuer app"
            case .decline: "declined by the network"
            case .requireIdentityVerification: "requires identity verification with a one-time code"
            }
        return "\(card.scheme.rawValue)\(card.isDualBrand ? " dual-brand" : "") test card: \(outcome)"
    }

    static func wireOutcome(_ outcome: SandboxOutcome) -> SandboxCardOutcome {
        switch outcome {
        case .approve: .approve
        case .decline: .decline
        case .requireActivation, .requireIdentityVerification: .requireActivation
        }
    }
}
