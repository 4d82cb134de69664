import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningService
import ProvisioningStorage
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A running service for one test: in-memory SQLite, two issuers, a test
/// Apple chain, a recording network double, and an HTTP server on
/// 127.0.0.1 with an ephemeral port. The clock is fixed at mid-June 2025.
final class ServiceHarness: Sendable {
    static let audience = "https://tpc.test"
    static let basePath = "/mg/tpc"

    let now = Instants.midJune2025
    let bank: TestIssuer
    let otherBank: TestIssuer
    let chain: AppleChain
    let connector = RecordingConnector()
    let database: any SQLDatabase
    let app: ProvisioningServiceApp
    let server: HTTPServer
    private let records = LogCollector()

    /// - Parameters:
    ///   - databaseURL: the store; an in-memory SQLite database by default.
    ///   - network: makes the connector the service uses, given ``bank``;
    ///     ``connector`` (the recording double) by default.
    init(
        databaseURL: String = "sqlite::memory:",
        network: ((TestIssuer) throws -> any TokenServiceConnector)? = nil
    ) async throws {
        bank = try TestIssuer(id: "bank-1")
        otherBank = try TestIssuer(id: "bank-2")
        chain = try AppleChain()
        database = try await Database.open(url: databaseURL)
        try await Migrator(ProvisioningServiceApp.migrations).migrate(database)
        let configuration = IssuerConfiguration(
            issuers: [bank.settings, otherBank.settings],
            service: ServiceSettings(audience: Self.audience, basePath: Self.basePath, sandbox: true))
        let fixed = now
        let records = self.records
        app = try ProvisioningServiceApp(
            configuration: configuration, database: database, connector: try network?(bank) ?? connector,
            chainTrust: chain.trust,
            clock: { fixed }, logSink: { record in records.append(record) })
        var router = Router()
        app.register(on: &router)
        server = HTTPServer(
            configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadPoolSize: 2),
            router: router, observers: app.observers)
        try server.start()
    }

    /// Every log line so far.
    var logLines: [String] { records.lines }

    func stop() async {
        await server.shutdown(gracePeriod: .seconds(2))
        await database.close()
    }

    // MARK: HTTP

    struct Response {
        let status: Int
        let headers: [String: String]
        let body: Data

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONDecoder.provisioningAPI.decode(type, from: body)
        }

        var problem: ProvisioningAPI.ProblemDetails? {
            try? JSONDecoder.provisioningAPI.decode(ProvisioningAPI.ProblemDetails.self, from: body)
        }
    }

    func send(
        _ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:], root: Bool = false
    ) async throws -> Response {
        guard let url = URL(string: "http://127.0.0.1:\(server.port)\(root ? "" : Self.basePath)\(path)") else {
            throw URLError(.badURL)
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields { fields[name.lowercased()] = value }
        return Response(status: http.statusCode, headers: fields, body: data)
    }

    func post<T: Encodable>(_ path: String, _ value: T, headers: [String: String] = [:]) async throws -> Response {
        try await send("POST", path, body: try JSONEncoder.provisioningAPI.encode(value), headers: headers)
    }

    // MARK: Requests

    func provisioningRequest(
        issuer: TestIssuer? = nil, code: String? = nil, payload: String? = nil, chain presented: [Data]? = nil,
        nonce: Data? = nil
    ) throws -> ApplePayProvisioningRequest {
        let issuer = issuer ?? bank
        return ApplePayProvisioningRequest(
            scheme: .visa, encryptedPayload: try payload ?? issuer.payload(),
            authorizationCode: try code ?? issuer.code(now: now), certificateChain: presented ?? chain.presented,
            nonce: try nonce ?? Data(SecureRandom.bytes(count: 8)),
            nonceSignature: Data(try SecureRandom.bytes(count: 70)))
    }

    func provision(_ request: ApplePayProvisioningRequest, issuerId: String = "bank-1") async throws -> Response {
        try await post("/v1/issuers/\(issuerId)/applepay/provisioning", request)
    }

    /// A `CREATED` notification for a provisioning, signed by `issuer`.
    func notifyCreated(
        tokenId: String, provisioningId: String, state: TokenStatus = .active, eventId: String? = nil,
        issuer: TestIssuer? = nil, occurredAt: Date? = nil
    ) async throws -> Response {
        let issuer = issuer ?? bank
        let event = TokenEventNotification(
            eventId: try eventId ?? "evt-" + Hex.encode(SecureRandom.bytes(count: 6)), issuerId: issuer.id,
            tokenId: tokenId, event: .created, state: state,
            device: DeviceInfo(id: "device-1", name: "Ada's iPhone", type: .phone),
            tokenRequestorId: "40010030273", provisioningId: provisioningId, tokenSuffix: "4242",
            tokenExpiry: "12/29", occurredAt: occurredAt ?? now)
        return try await notify(event, issuer: issuer)
    }

    func notify(
        _ event: TokenEventNotification, issuer: TestIssuer? = nil, timestamp: Int64? = nil, secret: [UInt8]? = nil
    ) async throws -> Response {
        let body = try JSONEncoder.provisioningAPI.encode(event)
        let signature = try (issuer ?? bank).signedNotification(
            body, timestamp: timestamp ?? Int64(now.timeIntervalSince1970), secret: secret)
        return try await send(
            "POST", "/v1/networks/VISA/notifications", body: body,
            headers: [APIHeaders.notificationSignature: signature])
    }

    /// Provisions the test card and registers an `ACTIVE` token for it.
    func provisionedToken(
        _ tokenId: String = "tok-1", state: TokenStatus = .active
    ) async throws -> String {
        let response = try await provision(try provisioningRequest())
        let provisioningId = try response.decode(ApplePayProvisioningResponse.self).provisioningId
        _ = try await notifyCreated(tokenId: tokenId, provisioningId: provisioningId, state: state)
        return provisioningId
    }

    // MARK: Database

    func count(_ table: String) async throws -> Int {
        try await database.queryFirst("SELECT COUNT(*) AS n FROM \(table)")?.decode(Int.self, column: "n") ?? -1
    }

    static let tables = [
        "provisioning_attempts", "used_authorization_codes", "used_nonces", "tokens", "audit_events",
        "notification_events",
    ]

    func rowCounts() async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in Self.tables { counts[table] = try await count(table) }
        return counts
    }
}

/// Collects log records for assertions.
final class LogCollector: Sendable {
    private let records = Mutex<[LogRecord]>([])

    func append(_ record: LogRecord) { records.withLock { $0.append(record) } }

    var lines: [String] { records.withLock { $0.map(\.line) } }
}
