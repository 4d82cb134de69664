import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningService
import ProvisioningStorage
import SandboxNetwork
import Testing

/// One sandbox on a temporary SQLite file and directory, with an in-process
/// HTTP server that serves the sandbox routes and a notification receiver in
/// the service's place.
final class SandboxEnvironment: Sendable {
    static let issuerId = "test-bank"
    static let otherIssuerId = "other-bank"

    let directory: URL
    let databasePath: String
    let database: any SQLDatabase
    let clock: TestClock
    let configuration: IssuerConfiguration
    let activationSecret: [UInt8]
    let otherActivationSecret: [UInt8]
    let notificationSecret: [UInt8]
    let sandbox: Sandbox
    let receiver: NotificationReceiver
    let server: HTTPServer

    var baseURL: String { "\(server.isTLS ? "https" : "http")://127.0.0.1:\(server.port)\(receiver.basePath)" }

    /// A simulated device: its key and its sandbox id.
    struct Device: Sendable {
        let key: P256.PrivateKey
        let id: String
    }

    private init(
        directory: URL, databasePath: String, database: any SQLDatabase, clock: TestClock,
        configuration: IssuerConfiguration, secrets: (activation: [UInt8], other: [UInt8], notification: [UInt8]),
        sandbox: Sandbox, receiver: NotificationReceiver, server: HTTPServer
    ) {
        self.directory = directory
        self.databasePath = databasePath
        self.database = database
        self.clock = clock
        self.configuration = configuration
        self.activationSecret = secrets.activation
        self.otherActivationSecret = secrets.other
        self.notificationSecret = secrets.notification
        self.sandbox = sandbox
        self.receiver = receiver
        self.server = server
    }

    /// Issuer configuration JSON: two issuers with their own random secrets;
    /// the payload key files are never read by the sandbox.
    static func configuration(secrets: [[UInt8]]) throws -> IssuerConfiguration {
        func secret(_ bytes: [UInt8]) -> String { "base64:" + Data(bytes).base64EncodedString() }
        func issuer(_ id: String, _ schemes: String, _ base: Int) -> String {
            """
            {"id": "\(id)", "name": "\(id) name",
             "authorizationCodeKeys": {"keys": [{"kty": "EC", "kid": "k1", "crv": "P-256",
                "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU", "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]},
             "payloadKey": {"privateKeyPEMFile": "unused-key.pem", "certificatePEMFile": "unused-cert.pem"},
             "allowedSchemes": [\(schemes)], "allowedProductIds": ["PURE-DEBIT"],
             "tokenRequestorIds": ["40010030273"],
             "notificationSecret": {"value": "\(secret(secrets[base]))"},
             "fingerprintSecret": {"value": "\(secret(secrets[base + 1]))"},
             "activationDataSecret": {"value": "\(secret(secrets[base + 2]))"}}
            """
        }
        let json = """
            {"issuers": [\(issuer(issuerId, "\"VISA\", \"MASTERCARD\", \"AMEX\", \"DISCOVER\", \"PURE\"", 0)),
                         \(issuer(otherIssuerId, "\"VISA\"", 3))],
             "service": {"audience": "https://tpc.test", "basePath": "/mg/tpc", "sandbox": true}}
            """
        return try IssuerConfiguration(jsonData: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/nonexistent"))
    }

    static func make(
        directory existing: URL? = nil, databasePath existingDatabase: String? = nil,
        retryInterval: Duration = .seconds(3600), tls: HTTPServer.TLS? = nil
    ) async throws -> SandboxEnvironment {
        let directory =
            existing
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let databasePath = existingDatabase ?? directory.appendingPathComponent("sandbox.sqlite").path
        let database = try await Database.open(url: "sqlite:" + databasePath)
        try await Migrator(Sandbox.migrations).migrate(database)
        let secrets = try (0..<6).map { _ in try SecureRandom.bytes(count: 32) }
        let configuration = try configuration(secrets: secrets)
        let clock = TestClock()
        let sandbox = try await Sandbox(
            database: database, issuers: configuration, directory: directory, clock: clock.function,
            retryInterval: retryInterval)
        let receiver = NotificationReceiver(
            secrets: [issuerId: secrets[0], otherIssuerId: secrets[3]], clock: clock.function)
        var router = Router()
        sandbox.register(on: &router, basePath: receiver.basePath)
        receiver.register(on: &router)
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, threadPoolSize: 1, tls: tls), router: router)
        try server.start()
        let environment = SandboxEnvironment(
            directory: directory, databasePath: databasePath, database: database, clock: clock,
            configuration: configuration, secrets: (secrets[2], secrets[5], secrets[0]), sandbox: sandbox,
            receiver: receiver, server: server)
        // Under TLS the sandbox trusts the service's own certificate, as
        // `tpc serve --sandbox --tls-cert` sets it up.
        sandbox.setServiceBaseURL(
            try #require(URL(string: environment.baseURL)),
            trust: tls.map { .pinnedCertificate(pem: $0.certificateChainPEM) } ?? .systemRoots)
        return environment
    }

    /// Runs `body` with a fresh environment and always tears it down.
    static func with<T>(_ body: (SandboxEnvironment) async throws -> T) async throws -> T {
        let environment = try await make()
        do {
            let result = try await body(environment)
            await environment.close()
            return result
        } catch {
            await environment.close()
            throw error
        }
    }

    func close(removingFiles: Bool = true) async {
        await sandbox.shutdown()
        await server.shutdown(gracePeriod: .seconds(2))
        await database.close()
        if removingFiles { try? FileManager.default.removeItem(at: directory) }
    }

    // MARK: Acting like a device and an issuer

    func registerDevice(kind: SandboxDeviceKind = .iPhone, pairedWith: String? = nil) async throws -> Device {
        let key = try P256.PrivateKey()
        let response = try await sandbox.registerDevice(
            SandboxDeviceRegistrationRequest(
                kind: kind, name: kind == .watch ? "Test Watch" : "Test iPhone",
                publicKey: Data(key.publicKey.x963Representation), pairedDeviceId: pairedWith))
        return Device(key: key, id: response.deviceId)
    }

    func card(_ outcome: SandboxOutcome, scheme: SandboxScheme = .visa) throws -> SandboxNetwork.SandboxTestCard {
        try #require(SandboxTestCards.card(scheme: scheme, outcome: outcome, now: clock.now))
    }

    /// What the issuer's service and app produce for a device's nonce, the way
    /// flow A does it: ECC_V2 pass data for the sandbox leaf with the nonce and
    /// the device's signature, and activation data with the issuer secret.
    func addRequest(
        card: SandboxNetwork.SandboxTestCard, nonce: [UInt8], signedBy signer: P256.PrivateKey,
        activationSecret secret: [UInt8]? = nil, provisioningId: [UInt8]? = nil, innerNonce: [UInt8]? = nil
    ) throws -> SandboxPassRequest {
        let signature = try signer.signature(for: nonce).derRepresentation
        let passData = ApplePayPassData(
            primaryAccountNumber: card.pan, expiration: card.expiration, name: card.cardholderName,
            nonce: innerNonce ?? nonce, nonceSignature: signature)
        let sealed = try ApplePayECCV2.encrypt(passData, for: try #require(sandbox.certificateChain.first))
        let activation = try ActivationData.make(
            provisioningId: provisioningId ?? SecureRandom.bytes(count: 16), nonce: nonce,
            secret: secret ?? activationSecret)
        return SandboxPassRequest(
            encryptedPassData: Data(sealed.encryptedPassData), activationData: Data(activation),
            ephemeralPublicKey: Data(sealed.ephemeralPublicKey), nonce: Data(nonce))
    }

    /// Nonce, request and submission in one go.
    func provision(
        _ outcome: SandboxOutcome, scheme: SandboxScheme = .visa, on device: Device, provisioningId: [UInt8]? = nil
    ) async throws -> SandboxPass {
        let nonce = [UInt8](try await sandbox.issueNonce(deviceId: device.id).nonce)
        let request = try addRequest(
            card: try card(outcome, scheme: scheme), nonce: nonce, signedBy: device.key, provisioningId: provisioningId)
        return try await sandbox.addPass(request, deviceId: device.id)
    }

    func count(_ table: String) async throws -> Int {
        try await database.queryFirst("SELECT COUNT(*) AS n FROM \(table)")?.decode(Int.self, column: "n") ?? -1
    }
}
