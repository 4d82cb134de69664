import DigitalCards
import DigitalCardsOpenSSL
import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One end-to-end world for the wallet: a real `tpc serve --sandbox`, the
/// bank's backend (codes, encrypted payloads) and a storage directory per
/// simulated device.
package final class WalletWorld: Sendable {
    package let sandbox: SandboxServer
    package let bank: WalletBank
    package let root: URL

    /// Runs `body` in a fresh world and stops the server afterwards.
    ///
    /// - Parameter activationSeconds: the lifetime of ID&V sessions, when a
    ///   test needs to see one expire.
    package static func run<T>(
        activationSeconds: Int? = nil, _ body: (WalletWorld) async throws -> T
    ) async throws
        -> T
    {
        let world = try await WalletWorld(activationSeconds: activationSeconds)
        do {
            let result = try await body(world)
            await world.tearDown()
            return result
        } catch {
            await world.tearDown()
            throw error
        }
    }

    private init(activationSeconds: Int?) async throws {
        sandbox = try await SandboxServer.start(
            environment: activationSeconds.map { ["TPC_SANDBOX_ACTIVATION_SECONDS": String($0)] } ?? [:])
        do {
            bank = try WalletBank(sandboxDirectory: sandbox.directory, sandboxURL: sandbox.baseURL)
        } catch {
            await sandbox.stop()
            throw error
        }
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "digitalcards-\(UUID().uuidString)", isDirectory: true)
    }

    package func tearDown() async {
        await sandbox.stop()
        try? FileManager.default.removeItem(at: root)
    }

    /// The configuration of a simulated device whose data lives in `device`.
    /// The cache is never fresh unless asked, so each read goes to the service
    /// (and falls back to the cache offline).
    package func configuration(
        device: String = "phone", cacheFreshness: TimeInterval = 0
    ) throws
        -> DigitalCardsConfiguration
    {
        var configuration = try DigitalCardsConfiguration(
            url: sandbox.baseURL.absoluteString, issuerId: bank.issuerId,
            storageDirectory: root.appendingPathComponent(device, isDirectory: true),
            cryptoProvider: OpenSSLWalletCryptoProvider())
        configuration.cacheFreshness = cacheFreshness
        configuration.staleWhileRevalidate = 0
        configuration.requestTimeout = 5
        return configuration
    }

    /// A manager of its own for `device`, registered for `userId`.
    package func registeredManager(
        device: String = "phone", userId: String = "user-1"
    ) async throws
        -> DigitalCardManager
    {
        let manager = try DigitalCardManager(configuration: configuration(device: device))
        try await manager.registerWallet(
            userId: userId, deviceName: "Ada's phone", authorizationCode: bank.registrationCode(userId: userId))
        return manager
    }

    /// Enrols the sandbox test card matching `scheme`, `auxiliaryScheme` and `outcome`.
    package func enroll(
        _ manager: DigitalCardManager, scheme: CardSchemeName, auxiliaryScheme: CardSchemeName? = nil,
        outcome: SandboxCardOutcome = .approve, userId: String = "user-1"
    ) async throws -> DigitalCard {
        let card = try await bank.testCard(scheme: scheme, auxiliaryScheme: auxiliaryScheme, outcome: outcome)
        let reference = "card-\(UUID().uuidString.prefix(8))"
        return try await manager.enrollCard(
            scheme: scheme, encryptedPayload: bank.encryptedPayload(card, reference: reference),
            authorizationCode: bank.enrolmentCode(
                userId: userId, cardRef: reference, panLastFour: String(card.pan.suffix(4))))
    }

    /// The one-time code the sandbox "sent" for an ID&V session.
    package func activationCode(sessionId: String) async throws -> String {
        let code: SandboxActivationCode = try await bank.get(APIPaths.sandboxActivationCode(sessionId: sessionId))
        return code.code
    }

    package var terminal: SandboxTerminal { SandboxTerminal(url: sandbox.baseURL) }
}

extension WalletWorld {
    /// The pixel sizes of the sandbox's default card art, per type.
    /// (The service's card-art specification, restated here so that a change
    /// on either side fails a test.)
    package static let expectedArtSizes: [CardArtType: (width: Int, height: Int)] = [
        .bankLogo: (240, 60), .schemeLogo: (120, 75), .cardBackground: (480, 303),
        .cardBackgroundCombined: (480, 303), .coBrandLogo: (120, 60), .cardIcon: (64, 40),
    ]
}
