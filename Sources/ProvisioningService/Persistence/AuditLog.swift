import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningStorage

/// The audit trail of provisioning attempts and token state changes, per
/// issuer. Entries name cards by reference and last four digits only.
package enum AuditLog {
    /// Appends an event for `issuerId`.
    package static func record(_ event: AuditEvent, issuerId: String, on executor: any SQLExecutor) async throws {
        let statement = recording(event, issuerId: issuerId)
        try await executor.execute(statement.sql, statement.bindings)
    }

    /// The insert that appends `event` for `issuerId`, for a batch.
    package static func recording(_ event: AuditEvent, issuerId: String) -> SQLStatement {
        SQLStatement(
            """
            INSERT INTO audit_events (event_id, issuer_id, at, request_id, actor, action, outcome, card_ref,
                                      pan_last_four, token_id, problem_type, detail)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(event.id), .text(issuerId), .timestamp(event.at), .text(event.requestId), .text(event.actor),
                .text(event.action.rawValue), .text(event.outcome.rawValue), SQLValue(event.cardRef),
                SQLValue(event.panLastFour), SQLValue(event.tokenId), SQLValue(event.problemType?.rawValue),
                SQLValue(event.detail),
            ])
    }

    /// A new random event id.
    package static func newEventId() -> String {
        "aud_" + Hex.encode((try? SecureRandom.bytes(count: 12)) ?? Array(UUID().uuidString.utf8))
    }

    /// One page of an issuer's audit events, newest first.
    ///
    /// - Throws: ``ServiceError`` `invalid-field` for a foreign cursor.
    package static func events(
        issuerId: String, query: AuditQuery, on executor: any SQLExecutor
    ) async throws -> AuditEventsResponse {
        var sql = """
            SELECT seq, event_id, at, request_id, actor, action, outcome, card_ref, pan_last_four, token_id,
                   problem_type, detail
            FROM audit_events WHERE issuer_id = ?
            """
        var bindings: [SQLValue] = [.text(issuerId)]
        func filter(_ clause: String, _ value: SQLValue?) {
            guard let value else { return }
            sql += " AND \(clause)"
            bindings.append(value)
        }
        filter("at >= ?", query.from.map { .timestamp($0) })
        filter("at <= ?", query.to.map { .timestamp($0) })
        filter("action = ?", query.action.map { .text($0.rawValue) })
        filter("outcome = ?", query.outcome.map { .text($0.rawValue) })
        filter("token_id = ?", query.tokenId.map { .text($0) })
        filter("card_ref = ?", query.cardRef.map { .text($0) })
        filter("request_id = ?", query.requestId.map { .text($0) })
        if let cursor = query.cursor {
            guard let seq = Int64(try TokenRepository.decodeCursor(cursor)) else {
                throw ServiceError(
                    .invalidField, "the cursor is not one this service issued",
                    fieldProblems: [.init(field: "/cursor", reason: .malformed)])
            }
            filter("seq < ?", .integer(seq))
        }
        let limit = query.limit ?? TokenSearchQuery.defaultLimit
        sql += " ORDER BY seq DESC LIMIT ?"
        bindings.append(.integer(Int64(limit + 1)))
        var rows = try await executor.query(sql, bindings)
        var next: String?
        if rows.count > limit {
            rows.removeLast(rows.count - limit)
            if let last = rows.last {
                next = Base64URL.encode(Array(String(try last.decode(Int64.self, column: "seq")).utf8))
            }
        }
        let events = try rows.map { row in
            AuditEvent(
                id: try row.decode(column: "event_id"), at: try row.decode(column: "at"),
                requestId: try row.decode(column: "request_id"), actor: try row.decode(column: "actor"),
                action: AuditAction(rawValue: try row.decode(column: "action")),
                outcome: AuditOutcome(rawValue: try row.decode(column: "outcome")) ?? .failed,
                cardRef: try row.decode(column: "card_ref"), panLastFour: try row.decode(column: "pan_last_four"),
                tokenId: try row.decode(column: "token_id"),
                problemType: try row.decode(String?.self, column: "problem_type").map(ProblemType.init(rawValue:)),
                detail: try row.decode(column: "detail"))
        }
        return AuditEventsResponse(events: events, nextCursor: next)
    }
}
