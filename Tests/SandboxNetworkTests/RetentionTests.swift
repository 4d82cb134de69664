import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningService
import ProvisioningStorage
import SandboxNetwork
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The retention job under a long provisioning run, on both stores: the
/// service and the sandbox in one process on one database and one test clock,
/// each iteration a whole flow A (nonce, provisioning over HTTP, the pass
/// added, the network's notification delivered), the clock moved on, and one
/// retention run. The tables the job sweeps level off at what their windows
/// hold; without it they would hold every iteration's row.
@Suite(.serialized, .timeLimit(.minutes(5))) struct RetentionTests {
    enum Store: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    static let iterations = 48
    static let step: TimeInterval = 30
    static let codeLifetime: TimeInterval = 120
    static let settings = RetentionSettings(interval: .zero, clockSkew: 60, usedNonceValidity: 600)

    @Test(arguments: Store.allCases)
    func sweptTablesStayBoundedUnderALongProvisioningRun(store: Store) async throws {
        let world = try await RetentionWorld.make(store: store)
        let job = world.app.retentionJob(Self.settings, extraRules: Sandbox.retentionRules(Self.settings))
        let tables = ["used_authorization_codes", "used_nonces", "sandbox_nonces", "sandbox_outbox"]
        var peaks: [String: Int] = [:]
        var deleted: [String: Int] = [:]
        do {
            let device = try await world.registerDevice()
            for _ in 0..<Self.iterations {
                try await world.provisionAndAddPass(on: device, codeLifetime: Self.codeLifetime)
                world.clock.advance(by: Self.step)
                for (table, count) in await job.run() { deleted[table, default: 0] += count }
                for table in tables { peaks[table] = max(peaks[table] ?? 0, try await world.count(table)) }
            }
            let attempts = try await world.count("provisioning_attempts")
            #expect(attempts == Self.iterations, "every provisioning of the run succeeded")
            // What each window holds, at one row per step (plus the row of the
            // step in progress): a code until exp + leeway + skew, a used nonce
            // for its validity + skew, a sandbox nonce for its five minutes +
            // skew, a delivered notification for the skew.
            let windows: [String: TimeInterval] = [
                "used_authorization_codes": Self.codeLifetime + AuthorizationCodeVerifier.defaultLeeway
                    + Self.settings.clockSkew,
                "used_nonces": Self.settings.usedNonceValidity + Self.settings.clockSkew,
                "sandbox_nonces": 300 + Self.settings.clockSkew,
                "sandbox_outbox": Self.settings.clockSkew,
            ]
            for table in tables {
                let bound = Int((windows[table] ?? 0) / Self.step) + 2
                #expect(
                    (peaks[table] ?? .max) <= bound,
                    "\(table) reached \(peaks[table] ?? -1) rows; its window holds \(bound)")
                #expect(bound < Self.iterations, "the run is too short to show \(table) levelling off")
                #expect((deleted[table] ?? 0) > 0, "nothing was deleted from \(table)")
            }
            let metrics = world.app.metrics.registry.render()
            #expect(metrics.contains("tpc_retention_rows_deleted_total{table=\"used_nonces\"}"))
            #expect(metrics.contains("tpc_retention_runs_total{outcome=\"success\"} \(Self.iterations)"))
            print(
                "RETENTION \(store.rawValue): \(Self.iterations) provisionings over "
                    + "\(Int(Double(Self.iterations) * Self.step / 60)) simulated minutes; peak rows "
                    + tables.map { "\($0) \(peaks[$0] ?? 0)" }.joined(separator: ", ") + "; deleted "
                    + tables.map { "\($0) \(deleted[$0] ?? 0)" }.joined(separator: ", "))
        } catch {
            await world.close()
            throw error
        }
        await world.close()
    }
}

/// The service and the sandbox on one database, one test clock and one HTTP
/// server, with an issuer whose keys the test holds.
final class RetentionWorld: Sendable {
    let clock: TestClock
    let database: any SQLDatabase
    let sandbox: Sandbox
    let app: ProvisioningServiceApp
    let server: HTTPServer
    let issuer: IssuerBackend
    let directory: URL
    static let basePath = "/mg/tpc"

    private init(
        clock: TestClock, database: any SQLDatabase, sandbox: Sandbox, app: ProvisioningServiceApp,
        server: HTTPServer, issuer: IssuerBackend, directory: URL
    ) {
        self.clock = clock
        self.database = database
        self.sandbox = sandbox
        self.app = app
        self.server = server
        self.issuer = issuer
        self.directory = directory
    }

    static func make(store: RetentionTests.Store) async throws -> RetentionWorld {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "retention-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url: String
        switch store {
        case .sqlite:
            url = "sqlite:" + directory.appendingPathComponent("tpc.sqlite").path
        case .postgres:
            let cluster = try await PostgresCluster.shared()
            let name = "retention_\(UInt32.random(in: 0...UInt32.max))"
            let admin = try await Database.open(url: cluster.url())
            _ = try await admin.execute("CREATE DATABASE \(name)")
            await admin.close()
            url = cluster.url(database: name)
        }
        let database = try await Database.open(url: url)
        try await Migrator(ProvisioningServiceApp.migrations + Sandbox.migrations).migrate(database)

        let codeKey = try P256.PrivateKey()
        let payloadKey = try RSA.PrivateKey(bits: 2048)
        let clock = TestClock()
        let certificate = try CertificateBuilder.endEntity(
            subject: DistinguishedName(commonName: "Retention Bank Payload Encryption", organization: "Retention Bank"),
            publicKey: .rsa(payloadKey.publicKey), keyUsage: [.keyEncipherment],
            notValidBefore: clock.now.addingTimeInterval(-86_400), notValidAfter: clock.now.addingTimeInterval(86_400)
        ).selfSigned(with: .rsa(payloadKey))
        try Data(try payloadKey.pemRepresentation.utf8).write(to: directory.appendingPathComponent("payload-key.pem"))
        try Data(certificate.pemRepresentation.utf8).write(to: directory.appendingPathComponent("payload-cert.pem"))
        let notificationSecret = try SecureRandom.bytes(count: 32)
        let keySet = String(
            decoding: try JWKSet(keys: [JWK(publicKey: .p256(codeKey.publicKey), keyID: "k1", algorithm: .es256)])
                .jsonRepresentation(), as: UTF8.self)
        func secret(_ bytes: [UInt8]) -> String { "hex:" + Hex.encode(bytes) }
        let json = """
            {"issuers": [{"id": "retention-bank", "name": "Retention Bank", "authorizationCodeKeys": \(keySet),
              "payloadKey": {"privateKeyPEMFile": "payload-key.pem", "certificatePEMFile": "payload-cert.pem"},
              "allowedSchemes": ["VISA"], "tokenRequestorIds": ["\(Sandbox.applePayTokenRequestorId)"],
              "notificationSecret": {"value": "\(secret(notificationSecret))"},
              "fingerprintSecret": {"value": "\(secret(try SecureRandom.bytes(count: 32)))"},
              "activationDataSecret": {"value": "\(secret(try SecureRandom.bytes(count: 32)))"}}],
             "service": {"audience": "retention-test", "basePath": "\(basePath)", "sandbox": true}}
            """
        let configuration = try IssuerConfiguration(jsonData: Data(json.utf8), baseDirectory: directory)
        let sandbox = try await Sandbox(
            database: database, issuers: configuration, directory: directory, clock: clock.function,
            retryInterval: .seconds(3600))
        let app = try ProvisioningServiceApp(
            configuration: configuration, database: database, connector: sandbox.connector,
            chainTrust: ChainTrust(
                roots: [sandbox.trustRoot], policy: .sandbox(intermediateCommonName: sandbox.intermediateCommonName)),
            clock: clock.function)
        var router = Router()
        app.register(on: &router)
        sandbox.register(on: &router, basePath: basePath)
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, threadPoolSize: 1), router: router,
            observers: app.observers)
        try server.start()
        sandbox.setServiceBaseURL(try #require(URL(string: "http://127.0.0.1:\(server.port)\(basePath)")))
        let issuer = IssuerBackend(
            issuerId: "retention-bank", audience: "retention-test", keyID: "k1",
            tokenRequestorId: Sandbox.applePayTokenRequestorId, codeKey: codeKey, payloadCertificate: certificate,
            notificationSecret: notificationSecret, backOfficeKey: "unused")
        return RetentionWorld(
            clock: clock, database: database, sandbox: sandbox, app: app, server: server, issuer: issuer,
            directory: directory)
    }

    func close() async {
        await sandbox.shutdown()
        await server.shutdown(gracePeriod: .seconds(2))
        await database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    func count(_ table: String) async throws -> Int {
        try await database.queryFirst("SELECT COUNT(*) AS n FROM \(table)")?.decode(Int.self, column: "n") ?? -1
    }

    func registerDevice() async throws -> (id: String, key: P256.PrivateKey) {
        let key = try P256.PrivateKey()
        let response = try await sandbox.registerDevice(
            SandboxDeviceRegistrationRequest(
                kind: .iPhone, name: "Retention iPhone", publicKey: Data(key.publicKey.x963Representation)))
        return (response.deviceId, key)
    }

    /// Flow A once: a nonce, the provisioning over HTTP with a fresh code,
    /// and the pass added on Apple's side (which posts the network's
    /// notification to the service at once).
    func provisionAndAddPass(on device: (id: String, key: P256.PrivateKey), codeLifetime: TimeInterval) async throws {
        let card = try #require(SandboxTestCards.card(scheme: .visa, outcome: .approve, now: clock.now))
        let nonce = [UInt8](try await sandbox.issueNonce(deviceId: device.id).nonce)
        let cardRef = "card-" + Hex.encode(try SecureRandom.bytes(count: 6))
        let request = ApplePayProvisioningRequest(
            scheme: .visa,
            encryptedPayload: try issuer.payload(
                pan: card.pan, expiration: card.expiration, name: card.cardholderName, cardRef: cardRef),
            authorizationCode: try issuer.code(
                scope: "provision", cardRef: cardRef, panLastFour: String(card.pan.suffix(4)), issuedAt: clock.now,
                lifetime: codeLifetime),
            certificateChain: sandbox.certificateChain.map { Data($0.derRepresentation) }, nonce: Data(nonce),
            nonceSignature: Data(try device.key.signature(for: nonce).derRepresentation))
        guard
            let url = URL(
                string:
                    "http://127.0.0.1:\(server.port)\(Self.basePath)/v1/issuers/retention-bank/applepay/provisioning")
        else { throw URLError(.badURL) }
        var http = URLRequest(url: url)
        http.httpMethod = "POST"
        http.httpBody = try JSONEncoder.provisioningAPI.encode(request)
        http.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: http)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw TestSupportError(
                .service, "provisioning answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        let answer = try JSONDecoder.provisioningAPI.decode(ApplePayProvisioningResponse.self, from: data)
        _ = try await sandbox.addPass(
            SandboxPassRequest(
                encryptedPassData: answer.encryptedPassData, activationData: answer.activationData,
                ephemeralPublicKey: answer.ephemeralPublicKey, nonce: Data(nonce),
                primaryAccountSuffix: String(card.pan.suffix(4)), cardholderName: card.cardholderName,
                paymentNetwork: .visa),
            deviceId: device.id)
    }
}
