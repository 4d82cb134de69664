import Foundation
import ProvisioningStorage

/// A successful provisioning: which card (by fingerprint and last four) an
/// add-card request was for. Notifications of new tokens name it by
/// ``provisioningId`` so the registry can link the token to the card.
package struct ProvisioningAttempt: Sendable, Hashable {
    package var provisioningId: String
    package var issuerId: String
    package var requestId: String
    package var cardRef: String
    package var panFingerprint: String
    package var panLastFour: String
    package var scheme: CardScheme
    package var createdAt: Date

    /// Inserts the attempt.
    package func insert(on executor: any SQLExecutor) async throws {
        try await executor.execute(insertion.sql, insertion.bindings)
    }

    /// The insert of the attempt, for a batch.
    package var insertion: SQLStatement {
        SQLStatement(
            """
            INSERT INTO provisioning_attempts
                (provisioning_id, issuer_id, request_id, card_ref, pan_fingerprint, pan_last_four, scheme, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(provisioningId), .text(issuerId), .text(requestId), .text(cardRef), .text(panFingerprint),
                .text(panLastFour), .text(scheme.wireValue), .timestamp(createdAt),
            ])
    }

    /// The attempt `provisioningId` of `issuerId`, or nil.
    package static func find(
        provisioningId: String, issuerId: String, on executor: any SQLExecutor
    ) async throws -> ProvisioningAttempt? {
        guard
            let row = try await executor.queryFirst(
                """
                SELECT provisioning_id, issuer_id, request_id, card_ref, pan_fingerprint, pan_last_four, scheme,
                       created_at
                FROM provisioning_attempts WHERE provisioning_id = ? AND issuer_id = ?
                """, [.text(provisioningId), .text(issuerId)])
        else { return nil }
        return ProvisioningAttempt(
            provisioningId: try row.decode(column: "provisioning_id"), issuerId: try row.decode(column: "issuer_id"),
            requestId: try row.decode(column: "request_id"), cardRef: try row.decode(column: "card_ref"),
            panFingerprint: try row.decode(column: "pan_fingerprint"),
            panLastFour: try row.decode(column: "pan_last_four"),
            scheme: CardScheme(wireValue: try row.decode(String.self, column: "scheme")) ?? .other("UNKNOWN"),
            createdAt: try row.decode(column: "created_at"))
    }
}
