import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Synchronization

/// A simulated iPhone, optionally with a paired Apple Watch, and their Wallet:
/// what ``PKPassLibrary``, ``PKAddPaymentPassViewController`` and ``WCSession``
/// read where PassKit does not exist.
///
/// Each device has its own P-256 key, registered at the sandbox the way a
/// device is known to Apple; the add sheet signs Apple's nonce with it. The
/// wallet lives in a directory — `wallet.json` (the devices), `keys/` (their
/// keys) and `passes/` (one pass list per device, replaced atomically under a
/// file lock) — so an issuer app and its Wallet extensions, run as separate
/// processes, share it as they share Wallet on a phone. A process finds it
/// through ``install(_:)`` or the `PP_SIMULATED_DEVICE_DIR` environment
/// variable.
///
/// Pass states follow the card network's token states: ``synchronize()``
/// reads every device's passes from the sandbox into the store. Call it before
/// reading passes after a change made elsewhere (suspend, resume, delete).
///
/// ```swift
/// let wallet = try await SimulatedWallet.create(
///     in: directory, sandboxURL: URL(string: "http://127.0.0.1:8080/mg/tpc")!, watchName: "Apple Watch")
/// SimulatedWallet.install(wallet)
/// wallet.scriptUser(.addToWatch)
/// ```
///
/// The scripted user, the sheet's time limit and the diagnostics belong to the
/// process that made or opened the wallet object; the devices and passes
/// belong to the directory.
public final class SimulatedWallet: Sendable {
    /// The environment variable naming a wallet directory for processes that
    /// did not ``install(_:)`` one (an app's extensions, the `tpc demo`).
    public static let directoryEnvironmentVariable = "PP_SIMULATED_DEVICE_DIR"

    /// Apple's limit for the issuer's completion handler.
    public static let defaultSheetTimeout = Duration.seconds(20)

    /// The wallet directory.
    public let directory: URL
    /// The sandbox the devices talk to: the service URL with its base path.
    public let sandboxURL: URL
    /// The iPhone the issuer app runs on.
    public let iPhone: SimulatedDevice

    let client: SandboxClient
    let store: PassStore

    private struct Manifest: Codable {
        var sandboxURL: URL
        var iPhone: SimulatedDevice
        var watch: SimulatedDevice?
    }

    private struct State {
        var watch: SimulatedDevice?
        var keys: [String: P256.PrivateKey]
        var choices: [SimulatedUserChoice] = []
        var sheetTimeout = SimulatedWallet.defaultSheetTimeout
        var appLaunchURL = URL(fileURLWithPath: "/")
        var diagnostics: [Diagnostic] = []
    }

    private let state: Mutex<State>

    private init(
        directory: URL, sandboxURL: URL, iPhone: SimulatedDevice, watch: SimulatedDevice?,
        keys: [String: P256.PrivateKey]
    ) {
        self.directory = directory
        self.sandboxURL = sandboxURL
        self.iPhone = iPhone
        self.client = SandboxClient(baseURL: sandboxURL)
        self.store = PassStore(directory: directory)
        var state = State(watch: watch, keys: keys)
        state.appLaunchURL = URL(string: "issuerapp://wallet") ?? state.appLaunchURL
        self.state = Mutex(state)
    }

    // MARK: - Making and finding wallets

    /// Makes a new wallet in `directory`: registers an iPhone (and, when
    /// `watchName` is given, a Watch paired with it) at the sandbox, each with a
    /// fresh P-256 key, and writes the directory.
    ///
    /// - Parameters:
    ///   - directory: an empty or missing directory; created if needed.
    ///   - sandboxURL: the service URL including its base path, for example
    ///     `http://127.0.0.1:8080/mg/tpc` (what `tpc serve --sandbox` prints).
    ///   - iPhoneName: the iPhone's name, as its passes report it.
    ///   - watchName: the paired Watch's name; `nil` for no Watch.
    /// - Throws: ``PassKitEmulationError`` — `sandboxUnreachable` or
    ///   `sandboxRefused` when registration fails, `storeFailure` when the
    ///   directory cannot be written.
    public static func create(
        in directory: URL, sandboxURL: URL, iPhoneName: String = "iPhone", watchName: String? = nil
    ) async throws -> SimulatedWallet {
        let client = SandboxClient(baseURL: sandboxURL)
        let phoneKey = try makeKey()
        let phone = try await register(
            kind: .iPhone, name: iPhoneName, key: phoneKey, pairedWith: nil, client: client)
        var keys = [phone.id: phoneKey]
        var watch: SimulatedDevice?
        if let watchName {
            let watchKey = try makeKey()
            let device = try await register(
                kind: .watch, name: watchName, key: watchKey, pairedWith: phone.id, client: client)
            keys[device.id] = watchKey
            watch = device
        }
        let wallet = SimulatedWallet(
            directory: directory, sandboxURL: sandboxURL, iPhone: phone, watch: watch, keys: keys)
        for (id, key) in keys { try wallet.saveKey(key, deviceId: id) }
        try wallet.saveManifest()
        return wallet
    }

    /// Opens the wallet a ``create(in:sandboxURL:iPhoneName:watchName:)`` call
    /// wrote, from this or another process.
    ///
    /// - Throws: ``PassKitEmulationError/Code/storeFailure`` when the directory
    ///   holds no readable wallet.
    public static func open(_ directory: URL) throws -> SimulatedWallet {
        let manifestURL = directory.appendingPathComponent("wallet.json")
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
        } catch {
            throw PassKitEmulationError(.storeFailure, "the directory holds no readable wallet.json")
        }
        var keys: [String: P256.PrivateKey] = [:]
        for device in [manifest.iPhone] + (manifest.watch.map { [$0] } ?? []) {
            keys[device.id] = try loadKey(deviceId: device.id, in: directory)
        }
        return SimulatedWallet(
            directory: directory, sandboxURL: manifest.sandboxURL, iPhone: manifest.iPhone,
            watch: manifest.watch, keys: keys)
    }

    private static let installed = Mutex<SimulatedWallet?>(nil)
    private static let fromEnvironment = Mutex<SimulatedWallet?>(nil)

    /// Makes `wallet` this process's current wallet (`nil` to remove it), the
    /// one ``PKPassLibrary`` and the add sheet use.
    public static func install(_ wallet: SimulatedWallet?) {
        installed.withLock { $0 = wallet }
    }

    /// The wallet of the current task tree, set by ``withCurrent(_:isolation:operation:)``.
    @TaskLocal private static var scoped: SimulatedWallet?

    /// Runs `operation` with `wallet` as the current wallet of this task and the
    /// tasks it creates, whatever is installed process-wide.
    ///
    /// Tests that run side by side in one process each use their own wallet
    /// this way; sheets and libraries made inside `operation` keep that wallet.
    ///
    /// ```swift
    /// try await SimulatedWallet.withCurrent(wallet) {
    ///     let passes = PKPassLibrary().passes(of: .secureElement)
    /// }
    /// ```
    public static func withCurrent<T>(
        _ wallet: SimulatedWallet, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> T
    ) async rethrows -> T {
        try await $scoped.withValue(wallet, operation: operation)
    }

    /// The current wallet: the one set for this task by
    /// ``withCurrent(_:isolation:operation:)``, else the installed one, else the one in
    /// the directory named by `PP_SIMULATED_DEVICE_DIR`, else `nil`.
    public static var current: SimulatedWallet? {
        if let wallet = scoped { return wallet }
        if let wallet = installed.withLock({ $0 }) { return wallet }
        guard let path = ProcessInfo.processInfo.environment[directoryEnvironmentVariable], !path.isEmpty else {
            return nil
        }
        let url = URL(fileURLWithPath: path, isDirectory: true)
        return fromEnvironment.withLock { cached in
            if let wallet = cached, wallet.directory.standardizedFileURL == url.standardizedFileURL { return wallet }
            cached = try? open(url)
            return cached
        }
    }

    // MARK: - Devices

    /// The paired Watch, if any.
    public var watch: SimulatedDevice? { state.withLock { $0.watch } }

    /// Whether a Watch is paired with the iPhone.
    public var isWatchPaired: Bool { watch != nil }

    /// Every device: the iPhone, then the Watch if paired.
    public var devices: [SimulatedDevice] { [iPhone] + (watch.map { [$0] } ?? []) }

    /// Registers a new Watch at the sandbox and pairs it with the iPhone,
    /// replacing any paired Watch.
    ///
    /// - Throws: ``PassKitEmulationError`` when registration or saving fails.
    @discardableResult
    public func pairWatch(named name: String = "Apple Watch") async throws -> SimulatedDevice {
        let key = try Self.makeKey()
        let device = try await Self.register(kind: .watch, name: name, key: key, pairedWith: iPhone.id, client: client)
        try saveKey(key, deviceId: device.id)
        state.withLock {
            $0.keys[device.id] = key
            $0.watch = device
        }
        try saveManifest()
        return device
    }

    /// Unpairs the Watch; its passes stay in the store but are no longer read.
    public func unpairWatch() throws {
        state.withLock { $0.watch = nil }
        try saveManifest()
    }

    // MARK: - Script and limits

    /// Queues what the simulated user does on the next add sheets, one choice
    /// per sheet.
    public func scriptUser(_ choices: SimulatedUserChoice...) {
        scriptUser(choices)
    }

    /// Queues what the simulated user does on the next add sheets.
    public func scriptUser(_ choices: [SimulatedUserChoice]) {
        state.withLock { $0.choices.append(contentsOf: choices) }
    }

    /// How long the add sheet waits for the issuer's completion handler:
    /// 20 seconds, as Apple; shorten it in tests.
    public var sheetTimeout: Duration {
        get { state.withLock { $0.sheetTimeout } }
        set { state.withLock { $0.sheetTimeout = newValue } }
    }

    /// The issuer app's `appLaunchURL` (scheme and path) Wallet opens for
    /// in-app verification; `issuerapp://wallet` by default.
    public var appLaunchURL: URL {
        get { state.withLock { $0.appLaunchURL } }
        set { state.withLock { $0.appLaunchURL = newValue } }
    }

    /// What the emulation noticed and Apple would only log, oldest first.
    public var diagnostics: [Diagnostic] { state.withLock { $0.diagnostics } }

    /// Forgets the diagnostics gathered so far.
    public func clearDiagnostics() {
        state.withLock { $0.diagnostics.removeAll() }
    }

    func record(_ diagnostic: Diagnostic) {
        state.withLock { $0.diagnostics.append(diagnostic) }
    }

    func nextUserChoice() -> SimulatedUserChoice? {
        state.withLock { $0.choices.isEmpty ? nil : $0.choices.removeFirst() }
    }

    // MARK: - Passes

    /// Reads every device's passes from the sandbox into the store, so that
    /// pass states follow the network's token states.
    ///
    /// - Throws: ``PassKitEmulationError`` when the sandbox or the store fails;
    ///   the store keeps what it had.
    public func synchronize() async throws {
        for device in devices {
            let list = try await client.passes(deviceId: device.id)
            try store.replace(deviceId: device.id, with: list.passes)
        }
        passesDidChange()
    }

    /// Keeps the store following the network in the background, as a device
    /// hears of token changes: ``synchronize()`` every `interval` until the
    /// returned task is cancelled. A failed round is skipped; the next one
    /// tries again.
    ///
    /// ```swift
    /// let poller = wallet.synchronizePeriodically(every: .seconds(1))
    /// defer { poller.cancel() }
    /// ```
    public func synchronizePeriodically(every interval: Duration) -> Task<Void, Never> {
        Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                try? await self.synchronize()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Find My's lost mode on `device` (the iPhone by default): `true`
    /// suspends its payment passes for the cardholder, `false` lifts that
    /// suspension; the store then holds the device's passes as they stand.
    ///
    /// The card networks keep who suspended a token: a pass the issuer
    /// suspended stays suspended when lost mode ends, and a pass the issuer
    /// resumes is active again even while the device is lost (Apple Pay's
    /// rules at Mastercard).
    ///
    /// ```swift
    /// try await wallet.setLostMode(true)
    /// let states = PKPassLibrary().passes(of: .secureElement).map { $0.secureElementPass?.passActivationState }
    /// ```
    ///
    /// - Throws: ``PassKitEmulationError`` when the sandbox or the store fails.
    public func setLostMode(_ lost: Bool, device: SimulatedDevice? = nil) async throws {
        let device = device ?? iPhone
        let list = try await client.setLostMode(lost, deviceId: device.id)
        try store.replace(deviceId: device.id, with: list.passes)
        passesDidChange()
    }

    /// The URL Wallet opens for in-app verification of `pass`:
    /// ``appLaunchURL`` with `passTypeIdentifier`, `serialNumber` and
    /// `action=verify`; `nil` unless the pass requires activation.
    ///
    /// ```swift
    /// // issuerapp://wallet?passTypeIdentifier=paymentpass.com.apple&serialNumber=…&action=verify
    /// let url = wallet.issuerAppLaunchURL(for: pass)
    /// ```
    public func issuerAppLaunchURL(for pass: PKSecureElementPass) -> URL? {
        guard pass.passActivationState == .requiresActivation,
            var components = URLComponents(url: appLaunchURL, resolvingAgainstBaseURL: false)
        else { return nil }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "passTypeIdentifier", value: pass.passTypeIdentifier),
                URLQueryItem(name: "serialNumber", value: pass.serialNumber),
                URLQueryItem(name: "action", value: "verify"),
            ]
        return components.url
    }

    /// The device that holds `pass`, or `nil` when it is on none of them.
    public func device(holding pass: PKPass) -> SimulatedDevice? {
        devices.first { $0.id == pass.record.deviceId }
    }

    /// Snapshots of one device's passes; empty when the store cannot be read or
    /// no Watch is paired.
    func passSnapshots(onWatch: Bool) -> [PKPaymentPass] {
        guard let device = onWatch ? watch : iPhone, let records = try? store.passes(deviceId: device.id) else {
            return []
        }
        return records.map { PKPaymentPass(record: $0, isRemotePass: onWatch) }
    }

    /// Which devices lack a live pass for a card.
    struct AddAvailability: Equatable {
        var iPhone: Bool
        var watch: Bool
        var canAddAny: Bool { iPhone || watch }
    }

    func devicesThatCanAdd(_ primaryAccountIdentifier: String?) -> AddAvailability {
        func lacks(_ device: SimulatedDevice?) -> Bool {
            guard let device else { return false }
            guard let primaryAccountIdentifier else { return true }
            let passes = (try? store.passes(deviceId: device.id)) ?? []
            return !passes.contains {
                $0.primaryAccountIdentifier == primaryAccountIdentifier && $0.activationState != .deactivated
            }
        }
        return AddAvailability(iPhone: lacks(iPhone), watch: lacks(watch))
    }

    func activate(_ record: SandboxPass, activationData: Data) async throws -> SandboxPass {
        guard devices.contains(where: { $0.id == record.deviceId }) else {
            throw PassKitEmulationError(.unknownPass, "the pass is not on a simulated device")
        }
        let updated = try await client.activatePass(
            serialNumber: record.serialNumber, deviceId: record.deviceId,
            request: SandboxPassActivationRequest(activationData: activationData))
        try store.upsert(updated, deviceId: record.deviceId)
        passesDidChange()
        return updated
    }

    /// The device's signature over Apple's nonce: ECDSA-SHA256, DER.
    func signNonce(_ nonce: Data, deviceId: String) throws -> Data {
        guard let key = state.withLock({ $0.keys[deviceId] }) else {
            throw PassKitEmulationError(.invalidArgument, "the device has no key")
        }
        do {
            return Data(try key.signature(for: [UInt8](nonce)).derRepresentation)
        } catch {
            throw PassKitEmulationError(.invalidArgument, "the device key cannot sign")
        }
    }

    // MARK: - Files

    private static func makeKey() throws -> P256.PrivateKey {
        do {
            return try P256.PrivateKey()
        } catch {
            throw PassKitEmulationError(.storeFailure, "a device key cannot be generated")
        }
    }

    private static func register(
        kind: SimulatedDevice.Kind, name: String, key: P256.PrivateKey, pairedWith: String?, client: SandboxClient
    ) async throws -> SimulatedDevice {
        let request = SandboxDeviceRegistrationRequest(
            kind: kind == .iPhone ? .iPhone : .watch, name: name,
            publicKey: Data(try key.publicKeyX963Representation), pairedDeviceId: pairedWith)
        let response = try await client.registerDevice(request)
        return SimulatedDevice(id: response.deviceId, name: name, kind: kind)
    }

    private static func keyURL(deviceId: String, in directory: URL) -> URL {
        let safe = String(deviceId.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        return directory.appendingPathComponent("keys", isDirectory: true).appendingPathComponent("\(safe).pem")
    }

    private static func loadKey(deviceId: String, in directory: URL) throws -> P256.PrivateKey {
        do {
            let pem = try String(contentsOf: keyURL(deviceId: deviceId, in: directory), encoding: .utf8)
            return try P256.PrivateKey(pemRepresentation: pem)
        } catch {
            throw PassKitEmulationError(.storeFailure, "a device key cannot be read")
        }
    }

    private func saveKey(_ key: P256.PrivateKey, deviceId: String) throws {
        let url = Self.keyURL(deviceId: deviceId, in: directory)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try Data(try key.pemRepresentation.utf8).write(to: url, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        } catch {
            throw PassKitEmulationError(.storeFailure, "a device key cannot be written")
        }
    }

    private func saveManifest() throws {
        let manifest = Manifest(sandboxURL: sandboxURL, iPhone: iPhone, watch: watch)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(manifest).write(to: directory.appendingPathComponent("wallet.json"), options: .atomic)
        } catch {
            throw PassKitEmulationError(.storeFailure, "wallet.json cannot be written")
        }
    }
}
