import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningStorage
import TestSupport

/// One `tpc serve --sandbox` process per store, shared by every test of the
/// run (the suite is serialized, so row counts see no concurrent writer).
///
/// Start-up: a first `tpc serve --sandbox` without `--config` bootstraps the
/// sandbox issuer `sandbox-bank` in the sandbox directory and is stopped with
/// SIGTERM; the test then writes a configuration with that issuer plus a
/// second one, `other-bank` (keys made here, outside the sandbox directory),
/// and starts `tpc serve --sandbox --config` on the same directory and
/// database — a restart that must keep the sandbox's CA.
actor Deployment {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    nonisolated let store: Store
    nonisolated let work: URL
    nonisolated let sandboxDirectory: URL
    nonisolated let logs: URL
    /// `--database`, or `nil` for the default (tpc.sqlite in the sandbox directory).
    nonisolated let databaseArgument: String?
    nonisolated let verificationURL: String
    nonisolated let postgresDatabase: String?
    nonisolated let client: WireClient
    nonisolated let basePath: String
    nonisolated let issuer: IssuerBackend
    nonisolated let otherIssuer: IssuerBackend
    nonisolated let ledger: SecretLedger
    /// The arguments of the test server, with the port it first bound, so a
    /// restart after a kill comes back at the same address.
    nonisolated let serveArguments: [String]
    /// Exit statuses of the `tpc` processes stopped so far.
    private(set) var exitStatuses: [Int32?]
    private var server: TPCProcess?
    private var verification: (any SQLDatabase)?
    private var fixture: (Provisioned, SandboxPass)?
    /// The tables the isolation matrix counts, listed once.
    var isolationTables: [String] = []

    private init(
        store: Store, work: URL, databaseArgument: String?, verificationURL: String, postgresDatabase: String?,
        client: WireClient, basePath: String, issuer: IssuerBackend, otherIssuer: IssuerBackend,
        ledger: SecretLedger, serveArguments: [String], server: TPCProcess, exitStatuses: [Int32?]
    ) {
        self.store = store
        self.work = work
        self.sandboxDirectory = work.appendingPathComponent("sandbox")
        self.logs = work.appendingPathComponent("logs")
        self.databaseArgument = databaseArgument
        self.verificationURL = verificationURL
        self.postgresDatabase = postgresDatabase
        self.client = client
        self.basePath = basePath
        self.issuer = issuer
        self.otherIssuer = otherIssuer
        self.ledger = ledger
        self.serveArguments = serveArguments
        self.server = server
        self.exitStatuses = exitStatuses
    }

    // MARK: Shared instances

    private static let registry = Registry()

    private actor Registry {
        var deployments: [Store: Task<Deployment, any Error>] = [:]

        func deployment(_ store: Store) -> Task<Deployment, any Error> {
            if let existing = deployments[store] { return existing }
            let task = Task { try await Deployment.start(store) }
            deployments[store] = task
            return task
        }
    }

    /// The deployment of `store`, started on first use.
    static func shared(_ store: Store) async throws -> Deployment {
        try await registry.deployment(store).value
    }

    // MARK: Start-up

    /// A deployment of its own, never shared: for tests that kill its server or
    /// its database. `cluster` replaces the shared PostgreSQL cluster.
    static func dedicated(_ store: Store, cluster: PostgresCluster? = nil) async throws -> Deployment {
        try await start(store, cluster: cluster)
    }

    private static func start(_ store: Store, cluster chosenCluster: PostgresCluster? = nil) async throws -> Deployment
    {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tpc-e2e-\(store.rawValue)-\(UUID().uuidString.prefix(8))")
        let sandbox = work.appendingPathComponent("sandbox")
        let logs = work.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)

        var databaseArgument: String?
        let verificationURL: String
        var postgresDatabase: String?
        switch store {
        case .sqlite:
            verificationURL = "sqlite:" + sandbox.appendingPathComponent("tpc.sqlite").path
        case .postgres:
            let cluster: PostgresCluster
            if let chosenCluster {
                cluster = chosenCluster
            } else {
                cluster = try await PostgresCluster.shared()
            }
            let name = "e2e_\(UInt32.random(in: 0...UInt32.max))"
            let admin = try await Database.open(url: cluster.url())
            _ = try await admin.execute("CREATE DATABASE \(name)")
            await admin.close()
            postgresDatabase = name
            databaseArgument = cluster.url(database: name)
            verificationURL = cluster.url(database: name)
        }
        let database = databaseArgument.map { ["--database", $0] } ?? []
        // A fixed free port below the ephemeral range: fault tests restart the
        // server on it, where a kernel-chosen port could meanwhile be taken by a
        // client socket.
        let port = String(try FreePort.belowEphemeralRange())
        let common = ["serve", "--sandbox", "--sandbox-dir", sandbox.path, "--port", port] + database

        // 1. Bootstrap: the sandbox issuer appears in the sandbox directory.
        let first = try TPCProcess(common, logs: logs, name: "serve-bootstrap", workingDirectory: work)
        let firstRoot = try await first.listening().root
        let filesLine = try await first.waitForLine(prefix: "tpc: sandbox issuer files in ")
        guard filesLine.hasSuffix(sandbox.path) else {
            throw Failure(description: "unexpected sandbox directory line: \(filesLine)")
        }
        let health = try await WireClient(root: firstRoot).get("/healthz")
        guard health.status == 200 else { throw Failure(description: "bootstrap /healthz answered \(health.status)") }
        let firstExit = try await first.terminate()

        // 2. The issuers: sandbox-bank from the directory, other-bank made here.
        let ledger = SecretLedger()
        let issuer = try IssuerBackend(sandboxDirectory: sandbox, recorder: ledger)
        let (otherIssuer, otherSettings) = try makeOtherIssuer(in: work, audience: issuer.audience, ledger: ledger)
        let configuration = try twoIssuerConfiguration(sandbox: sandbox, other: otherSettings)
        let configurationFile = work.appendingPathComponent("two-issuers.json")
        try configuration.write(to: configurationFile)

        // 3. The server the tests use.
        let server = try TPCProcess(
            common + ["--config", configurationFile.path], logs: logs, name: "serve", workingDirectory: work)
        let address = try await server.listening()
        let (root, basePath) = (address.root, address.basePath)
        let serveArguments = common + ["--config", configurationFile.path]
        return Deployment(
            store: store, work: work, databaseArgument: databaseArgument, verificationURL: verificationURL,
            postgresDatabase: postgresDatabase, client: WireClient(root: root), basePath: basePath, issuer: issuer,
            otherIssuer: otherIssuer, ledger: ledger, serveArguments: serveArguments, server: server,
            exitStatuses: [firstExit])
    }

    private static func makeOtherIssuer(
        in work: URL, audience: String, ledger: SecretLedger
    ) throws -> (IssuerBackend, [String: Any]) {
        let directory = work.appendingPathComponent("other-bank")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let codeKey = try P256.PrivateKey()
        let payloadKey = try RSA.PrivateKey(bits: 2048)
        let now = Date()
        let certificate = try CertificateBuilder.endEntity(
            subject: DistinguishedName(commonName: "Other Bank Payload Encryption", organization: "Other Bank"),
            publicKey: .rsa(payloadKey.publicKey), keyUsage: [.keyEncipherment],
            notValidBefore: now.addingTimeInterval(-86_400), notValidAfter: now.addingTimeInterval(365 * 86_400)
        ).selfSigned(with: .rsa(payloadKey))
        let keyFile = directory.appendingPathComponent("payload-key.pem")
        let certificateFile = directory.appendingPathComponent("payload-certificate.pem")
        try Data(try payloadKey.pemRepresentation.utf8).write(to: keyFile)
        try Data(certificate.pemRepresentation.utf8).write(to: certificateFile)
        let notificationSecret = try SecureRandom.bytes(count: 32)
        let backOfficeKey = "other-" + Hex.encode(try SecureRandom.bytes(count: 16))
        let kid = "other-code-key-1"
        let jwkSet = try JSONSerialization.jsonObject(
            with: Data(
                JWKSet(keys: [JWK(publicKey: .p256(codeKey.publicKey), keyID: kid, algorithm: .es256)])
                    .jsonRepresentation()))
        let settings: [String: Any] = [
            "id": "other-bank", "name": "Other Bank", "authorizationCodeKeys": jwkSet,
            "payloadKey": ["privateKeyPEMFile": keyFile.path, "certificatePEMFile": certificateFile.path],
            "allowedSchemes": ["VISA", "MASTERCARD"], "tokenRequestorIds": ["40010030273"],
            "backOfficeAPIKeyHashes": ["sha256:" + Hex.encode(try SHA256.hash(data: Array(backOfficeKey.utf8)))],
            "notificationSecret": ["value": "hex:" + Hex.encode(notificationSecret)],
            "fingerprintSecret": ["value": "hex:" + Hex.encode(try SecureRandom.bytes(count: 32))],
            "activationDataSecret": ["value": "hex:" + Hex.encode(try SecureRandom.bytes(count: 32))],
        ]
        let issuer = IssuerBackend(
            issuerId: "other-bank", audience: audience, keyID: kid, tokenRequestorId: "40010030273", codeKey: codeKey,
            payloadCertificate: certificate, notificationSecret: notificationSecret, backOfficeKey: backOfficeKey,
            recorder: ledger)
        return (issuer, settings)
    }

    private static func twoIssuerConfiguration(sandbox: URL, other: [String: Any]) throws -> Data {
        let data = try Data(contentsOf: sandbox.appendingPathComponent("issuers.json"))
        guard var configuration = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let issuers = configuration["issuers"] as? [Any]
        else { throw Failure(description: "issuers.json is not the expected object") }
        configuration["issuers"] = issuers + [other]
        return try JSONSerialization.data(withJSONObject: configuration, options: [.prettyPrinted, .sortedKeys])
    }

    // MARK: Paths

    nonisolated func path(_ endpoint: APIEndpoint) -> String {
        let relative = endpoint.pathAndQuery
        if relative.hasPrefix("/v1/") { return basePath + relative }
        return relative
    }

    // MARK: Verification access to the database

    /// The deployment's database, opened by the test for verification only.
    func database() async throws -> any SQLDatabase {
        if let verification { return verification }
        let opened = try await Database.open(url: verificationURL)
        verification = opened
        return opened
    }

    /// The row count of every table, service and sandbox alike.
    func rowCounts() async throws -> [String: Int] {
        let database = try await database()
        let listing =
            store == .sqlite
            ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            : "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'"
        var counts: [String: Int] = [:]
        for row in try await database.query(listing) {
            let table = try row.decode(String.self, column: "name")
            let count = try await database.queryFirst("SELECT COUNT(*) AS n FROM \(table)")
            counts[table] = try count?.decode(Int.self, column: "n") ?? -1
        }
        return counts
    }

    /// An active token (approved card) that the bad-input cases aim at and
    /// never manage to change; made once.
    func fixtureToken() async throws -> (Provisioned, SandboxPass) {
        if let fixture { return fixture }
        let made = try await provisionedPass(outcome: .approve)
        fixture = made
        return made
    }

    // MARK: Stopping

    /// Kills the server with SIGKILL (no shutdown path runs) and waits for it.
    /// - Returns: the pid that was killed.
    @discardableResult
    func killServer() async throws -> Int32 {
        guard let server else { throw Failure(description: "no server to kill") }
        self.server = nil
        server.signal(SIGKILL)
        exitStatuses.append(try await server.waitForExit())
        return server.pid
    }

    /// Whether the server process is alive.
    var isServerRunning: Bool { server?.isRunning ?? false }

    /// Starts the server again on the same database, directory and port.
    func restartServer() async throws {
        guard server == nil else { throw Failure(description: "the server is still running") }
        let restarted = try TPCProcess(
            serveArguments, logs: logs, name: "serve-\(exitStatuses.count)", workingDirectory: work)
        _ = try await restarted.listening()
        server = restarted
    }

    /// SIGTERM to the server; its exit status (0 = graceful).
    func stop() async throws -> Int32? {
        await verification?.close()
        verification = nil
        guard let server else { return exitStatuses.last ?? nil }
        self.server = nil
        let status = try await server.terminate()
        exitStatuses.append(status)
        return status
    }
}

extension Deployment {
    /// Runs `tpc sandbox export-leaf-key` on this deployment's directory and
    /// database and writes the PEM to a 0600 temporary file outside the
    /// scanned directories; the caller removes it.
    func exportLeafKey() async throws -> URL {
        let arguments =
            ["sandbox", "export-leaf-key", "--sandbox-dir", sandboxDirectory.path]
            + (databaseArgument.map { ["--database", $0] } ?? [])
        let process = try TPCProcess(arguments, logs: logs, name: "export-leaf-key", workingDirectory: work)
        let status = try await process.waitForExit()
        let pem = process.output()
        // The key does not stay in the log directory.
        try? FileManager.default.removeItem(at: process.standardOutput)
        guard status == 0, pem.hasPrefix("-----BEGIN PRIVATE KEY-----") else {
            throw FlowFailure(
                description: "export-leaf-key exited \(String(describing: status)): \(process.errorOutput())")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-leaf-\(UUID().uuidString).pem")
        guard
            FileManager.default.createFile(
                atPath: file.path, contents: Data(pem.utf8), attributes: [.posixPermissions: 0o600])
        else { throw FlowFailure(description: "cannot write the leaf key file") }
        return file
    }
}
