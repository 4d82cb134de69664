import Foundation
import ProvisioningCrypto
import ProvisioningStorage

/// Single use of authorization codes, nonces and notification event ids, kept
/// in the database so that every `tpc serve` process sharing it agrees.
///
/// Each `consume…` inserts a row whose primary key is the value's identity; a
/// second use violates the key. Run them inside the transaction that applies
/// the operation, so a failed operation leaves the value unused.
package enum ReplayGuard {
    /// The insert that marks one value used, and what its unique violation means.
    package struct Use: Sendable {
        /// The insert; a second use of the value violates its primary key.
        package let statement: SQLStatement
        /// Thrown when the value was used before.
        package let replayed: ServiceError
    }

    /// The use of a code's `jti` for its issuer.
    package static func authorizationCode(_ code: VerifiedAuthorizationCode, issuerId: String) -> Use {
        Use(
            statement: SQLStatement(
                "INSERT INTO used_authorization_codes (issuer_id, jti, expires_at) VALUES (?, ?, ?)",
                [.text(issuerId), .text(code.jwtID), .timestamp(code.expiresAt)]),
            replayed: ServiceError(.authorizationCodeReplayed, "the authorization code was already used"))
    }

    /// The use of an add-request nonce, kept as its SHA-256 digest.
    package static func nonce(_ nonce: [UInt8], issuerId: String, at date: Date) throws -> Use {
        Use(
            statement: SQLStatement(
                "INSERT INTO used_nonces (nonce_digest, issuer_id, used_at) VALUES (?, ?, ?)",
                [.text(Hex.encode(try SHA256.hash(data: nonce))), .text(issuerId), .timestamp(date)]),
            replayed: ServiceError(.nonceReplayed, "the nonce was already used"))
    }

    /// Records a code's `jti` for its issuer.
    ///
    /// - Throws: ``ServiceError`` `authorization-code-replayed` when it was used
    ///   before; ``StorageError`` otherwise.
    package static func consumeAuthorizationCode(
        _ code: VerifiedAuthorizationCode, issuerId: String, on executor: any SQLExecutor
    ) async throws {
        try await consume(authorizationCode(code, issuerId: issuerId), on: executor)
    }

    /// Marks every value of `uses` used and runs `statements`, all as one
    /// ``SQLDatabase/executeAtomically(_:)`` batch: the operation's writes and the
    /// single use of what authorized it commit together or not at all.
    ///
    /// - Throws: the first replayed use's ``ServiceError``; ``StorageError``
    ///   otherwise.
    package static func consume(
        _ uses: [Use], with statements: [SQLStatement], on database: any SQLDatabase
    ) async throws {
        do {
            try await database.executeAtomically(uses.map(\.statement) + statements)
        } catch let error as StorageError where error.code == .uniqueViolation {
            guard let index = error.statementIndex, uses.indices.contains(index) else { throw error }
            throw uses[index].replayed
        }
    }

    private static func consume(_ use: Use, on executor: any SQLExecutor) async throws {
        do {
            try await executor.execute(use.statement.sql, use.statement.bindings)
        } catch let error as StorageError where error.code == .uniqueViolation {
            throw use.replayed
        }
    }

    /// Records a notification's event id.
    ///
    /// - Returns: false when the event was received before (nothing is written).
    package static func consumeNotificationEvent(
        _ eventId: String, issuerId: String, at date: Date, on executor: any SQLExecutor
    ) async throws -> Bool {
        let inserted = try await executor.execute(
            """
            INSERT INTO notification_events (issuer_id, event_id, received_at) VALUES (?, ?, ?)
            ON CONFLICT (issuer_id, event_id) DO NOTHING
            """,
            [.text(issuerId), .text(eventId), .timestamp(date)])
        return inserted == 1
    }

    /// Deletes used-code records whose codes have expired: a replay of such a
    /// code fails on `exp` anyway.
    @discardableResult
    package static func purgeExpiredCodes(before date: Date, on executor: any SQLExecutor) async throws -> Int {
        try await executor.execute("DELETE FROM used_authorization_codes WHERE expires_at < ?", [.timestamp(date)])
    }
}
