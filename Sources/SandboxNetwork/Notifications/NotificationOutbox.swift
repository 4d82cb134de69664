import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningStorage
import Synchronization

/// Delivers the network's token events to the service: a transactional outbox
/// (`sandbox_outbox`) drained over HTTP.
///
/// An event is written in the same transaction as the vault change it reports,
/// so no change goes unreported and no report describes a change that rolled
/// back. It is then posted at once (the caller waits, so the service's registry
/// knows a token before the device sees its pass); when that fails the row
/// stays pending and ``deliverDue()`` — run periodically by ``Sandbox`` —
/// retries with exponential backoff. Each attempt first leases the row with a
/// conditional update, so several processes on one database do not post the
/// same event together; the service's single-use event ids absorb the rare
/// duplicate anyway.
///
/// Requests are `POST <serviceBaseURL>/v1/networks/<network>/notifications`,
/// signed with the issuer's notification secret (``NotificationSignature``)
/// at send time, so a retry carries a fresh timestamp. They go out on
/// HTTPServer's ``HTTPClient`` (not URLSession, so the server links no
/// FoundationNetworking); to an `https` service, with the trust given to
/// ``setServiceBaseURL(_:trust:)``.
final class NotificationOutbox: Sendable {
    /// How long an attempt owns a row before another process may try it.
    static let lease: TimeInterval = 30
    /// The first retry delay; doubled per attempt up to ``maximumBackoff``.
    static let baseBackoff: TimeInterval = 1
    static let maximumBackoff: TimeInterval = 300
    static let requestTimeout: Duration = .seconds(5)
    /// The service answers notifications with a small JSON document at most.
    static let maximumResponseBytes = 64 * 1024

    private let database: any SQLDatabase
    private let issuers: IssuerDirectory
    private let clock: @Sendable () -> Date
    /// Where to post, and the client that trusts that service.
    private let service = Mutex<(baseURL: URL, client: HTTPClient)?>(nil)

    init(database: any SQLDatabase, issuers: IssuerDirectory, clock: @escaping @Sendable () -> Date) {
        self.database = database
        self.issuers = issuers
        self.clock = clock
    }

    func setServiceBaseURL(_ url: URL, trust: HTTPClient.Trust = .systemRoots) {
        let client = HTTPClient(
            configuration: HTTPClient.Configuration(
                timeout: Self.requestTimeout, maximumResponseBytes: Self.maximumResponseBytes, trust: trust))
        service.withLock { $0 = (url, client) }
    }

    /// Writes an event into the outbox inside the caller's transaction.
    func enqueue(
        _ event: OutgoingTokenEvent, network: String, on executor: any SQLExecutor
    ) async throws {
        let body = try JSONEncoder.provisioningAPI.encode(event)
        try await executor.execute(
            """
            INSERT INTO sandbox_outbox (event_id, issuer_id, network, body, attempts, next_attempt_at, created_at)
            VALUES (?, ?, ?, ?, 0, ?, ?)
            """,
            [
                .text(event.notification.eventId), .text(event.notification.issuerId), .text(network),
                .blob(Array(body)), .timestamp(clock()), .timestamp(clock()),
            ])
    }

    /// Attempts the given events now (those still pending), and returns how
    /// many were delivered.
    @discardableResult
    func deliver(eventIds: [String]) async -> Int {
        var delivered = 0
        for eventId in eventIds where await attempt(eventId: eventId, onlyWhenDue: false) {
            delivered += 1
        }
        return delivered
    }

    /// Attempts every pending event whose retry time has come; returns how
    /// many were delivered.
    @discardableResult
    func deliverDue() async -> Int {
        guard service.withLock({ $0 }) != nil else { return 0 }
        let due: [String]
        do {
            due = try await database.query(
                """
                SELECT event_id FROM sandbox_outbox WHERE delivered_at IS NULL AND next_attempt_at <= ?
                ORDER BY created_at LIMIT 100
                """, [.timestamp(clock())]
            ).map { try $0.decode(String.self, column: "event_id") }
        } catch {
            return 0
        }
        var delivered = 0
        for eventId in due where await attempt(eventId: eventId, onlyWhenDue: true) {
            delivered += 1
        }
        return delivered
    }

    /// The number of events not delivered yet.
    func pendingCount() async throws -> Int {
        let row = try await database.queryFirst("SELECT COUNT(*) AS n FROM sandbox_outbox WHERE delivered_at IS NULL")
        return try row?.decode(Int.self, column: "n") ?? 0
    }

    private func attempt(eventId: String, onlyWhenDue: Bool) async -> Bool {
        guard let (baseURL, client) = service.withLock({ $0 }) else { return false }
        do {
            let now = clock()
            // Leasing pushes the retry time forward; only the process whose
            // update matched may post.
            let leased = try await database.execute(
                """
                UPDATE sandbox_outbox SET next_attempt_at = ?, attempts = attempts + 1
                WHERE event_id = ? AND delivered_at IS NULL\(onlyWhenDue ? " AND next_attempt_at <= ?" : "")
                """,
                [.timestamp(now.addingTimeInterval(Self.lease)), .text(eventId)]
                    + (onlyWhenDue ? [.timestamp(now)] : []))
            guard leased == 1,
                let row = try await database.queryFirst(
                    "SELECT issuer_id, network, body, attempts FROM sandbox_outbox WHERE event_id = ?",
                    [.text(eventId)])
            else { return false }
            let issuerId = try row.decode(String.self, column: "issuer_id")
            let network = try row.decode(String.self, column: "network")
            let body = try row.decode([UInt8].self, column: "body")
            let attempts = try row.decode(Int.self, column: "attempts")
            let status = await post(
                body: body, issuerId: issuerId, network: network, baseURL: baseURL, client: client)
            if let status, (200..<300).contains(status) {
                try await database.execute(
                    "UPDATE sandbox_outbox SET delivered_at = ?, last_status = ? WHERE event_id = ?",
                    [.timestamp(clock()), .integer(Int64(status)), .text(eventId)])
                return true
            }
            let backoff = min(Self.maximumBackoff, Self.baseBackoff * pow(2, Double(max(0, attempts - 1))))
            try await database.execute(
                "UPDATE sandbox_outbox SET next_attempt_at = ?, last_status = ? WHERE event_id = ?",
                [
                    .timestamp(clock().addingTimeInterval(backoff)), status.map { .integer(Int64($0)) } ?? .null,
                    .text(eventId),
                ])
            return false
        } catch {
            return false
        }
    }

    /// Posts a signed body; the HTTP status, or `nil` when the service could
    /// not be reached.
    private func post(
        body: [UInt8], issuerId: String, network: String, baseURL: URL, client: HTTPClient
    ) async -> Int? {
        guard let secret = issuers.entry(issuerId: issuerId)?.notificationSecret else { return nil }
        let timestamp = Int64(clock().timeIntervalSince1970.rounded(.down))
        guard
            let mac = try? HMACSHA256.authenticationCode(
                for: Array(NotificationSignature.signedPayload(timestamp: timestamp, body: Data(body))), key: secret)
        else { return nil }
        let signature = NotificationSignature(timestamp: timestamp, signatures: [Hex.encode(mac)])
        let request = HTTPClient.Request(
            method: .post,
            url: baseURL.appendingPathComponent("v1").appendingPathComponent("networks")
                .appendingPathComponent(network).appendingPathComponent("notifications"),
            headers: ["Content-Type": "application/json", NotificationSignature.headerName: signature.headerValue],
            body: body)
        do {
            return try await client.send(request).status.code
        } catch {
            return nil
        }
    }
}
