import Foundation
import ProvisioningCrypto
import ProvisioningStorage

/// Reads and writes the token registry. Every lookup is scoped to one issuer,
/// so one issuer's request can never reach another issuer's tokens.
package enum TokenRepository {
    /// The token `tokenId` of `issuerId`, or nil.
    package static func find(
        issuerId: String, tokenId: String, on executor: any SQLExecutor
    ) async throws -> TokenRecord? {
        try await executor.queryFirst(
            "SELECT \(TokenRecord.columns) FROM tokens WHERE issuer_id = ? AND token_id = ?",
            [.text(issuerId), .text(tokenId)]
        ).map(TokenRecord.init(row:))
    }

    /// Every token of a card, oldest first.
    package static func tokens(
        issuerId: String, cardRef: String, on executor: any SQLExecutor
    ) async throws -> [TokenRecord] {
        try await executor.query(
            "SELECT \(TokenRecord.columns) FROM tokens WHERE issuer_id = ? AND card_ref = ? ORDER BY created_at DESC, token_id DESC",
            [.text(issuerId), .text(cardRef)]
        ).map(TokenRecord.init(row:))
    }

    /// Inserts a token, or replaces every column of an existing one.
    package static func upsert(_ record: TokenRecord, on executor: any SQLExecutor) async throws {
        try await executor.execute(
            """
            INSERT INTO tokens (\(TokenRecord.columns))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (issuer_id, token_id) DO UPDATE SET
                card_ref = excluded.card_ref, pan_fingerprint = excluded.pan_fingerprint,
                pan_last_four = excluded.pan_last_four, token_suffix = excluded.token_suffix,
                token_expiry = excluded.token_expiry, scheme = excluded.scheme, state = excluded.state,
                device_id = excluded.device_id, device_name = excluded.device_name,
                device_type = excluded.device_type, token_requestor_id = excluded.token_requestor_id,
                provisioning_id = excluded.provisioning_id, updated_at = excluded.updated_at,
                event_at = excluded.event_at, event_sequence = excluded.event_sequence
            """, record.bindings)
    }

    /// Sets a token's state.
    package static func updateState(
        issuerId: String, tokenId: String, state: TokenState, at date: Date, on executor: any SQLExecutor
    ) async throws {
        try await executor.execute(
            "UPDATE tokens SET state = ?, updated_at = ? WHERE issuer_id = ? AND token_id = ?",
            [.text(state.rawValue), .timestamp(date), .text(issuerId), .text(tokenId)])
    }

    /// One page of an issuer's tokens, newest first, optionally filtered.
    ///
    /// - Parameter cursor: the opaque `nextCursor` of the previous page.
    /// - Returns: the tokens and the cursor of the next page, nil on the last one.
    /// - Throws: ``ServiceError`` `invalid-field` for a cursor that was not made here.
    package static func search(
        issuerId: String, state: TokenState?, cardRef: String?, limit: Int, cursor: String?,
        on executor: any SQLExecutor
    ) async throws -> (tokens: [TokenRecord], nextCursor: String?) {
        var sql = "SELECT \(TokenRecord.columns) FROM tokens WHERE issuer_id = ?"
        var bindings: [SQLValue] = [.text(issuerId)]
        if let state {
            sql += " AND state = ?"
            bindings.append(.text(state.rawValue))
        }
        if let cardRef {
            sql += " AND card_ref = ?"
            bindings.append(.text(cardRef))
        }
        if let cursor {
            // Newest first, keyed on (created_at, token_id): the page goes on
            // after the cursor's token, whose creation time the row itself holds
            // (no timestamp travels in the cursor, so none is rounded).
            sql += """
                 AND (created_at, token_id) < \
                (SELECT created_at, token_id FROM tokens WHERE issuer_id = ? AND token_id = ?)
                """
            bindings += [.text(issuerId), .text(try Self.decodeCursor(cursor))]
        }
        sql += " ORDER BY created_at DESC, token_id DESC LIMIT ?"
        bindings.append(.integer(Int64(limit + 1)))
        var records = try await executor.query(sql, bindings).map(TokenRecord.init(row:))
        var next: String?
        if records.count > limit {
            records.removeLast(records.count - limit)
            next = records.last.map { Base64URL.encode(Array($0.tokenId.utf8)) }
        }
        return (records, next)
    }

    static func decodeCursor(_ cursor: String) throws(ServiceError) -> String {
        guard let bytes = try? Base64URL.decode(cursor), let text = String(bytes: bytes, encoding: .utf8),
            !text.isEmpty
        else {
            throw ServiceError(
                .invalidField, "the cursor is not one this service issued",
                fieldProblems: [.init(field: "/cursor", reason: .malformed)])
        }
        return text
    }
}
