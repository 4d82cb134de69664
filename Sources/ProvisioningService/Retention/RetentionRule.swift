import Foundation
import ProvisioningStorage

/// One kind of row the retention job deletes once it can no longer matter:
/// rows of ``table`` whose ``timestampColumn`` is older than ``keep`` seconds.
///
/// Deletes go in batches of ``RetentionJob/batchSize`` rows picked by key, so
/// that no statement holds locks on a large part of the table; on PostgreSQL
/// the batch skips rows another instance's sweep has locked (`FOR UPDATE SKIP
/// LOCKED`), so instances sweeping at once neither wait for nor deadlock with
/// each other. A row whose column is `NULL` (an outbox event not yet
/// delivered) is never deleted.
///
/// ```swift
/// let rule = RetentionRule(table: "used_nonces", keyColumns: ["nonce_digest"], timestampColumn: "used_at", keep: 86_400)
/// ```
package struct RetentionRule: Sendable, Hashable {
    /// The table, also the `table` label of `tpc_retention_rows_deleted_total`.
    package let table: String
    /// The primary key's columns.
    package let keyColumns: [String]
    /// The column compared with the cutoff.
    package let timestampColumn: String
    /// How long after ``timestampColumn`` a row is kept, in seconds.
    package let keep: TimeInterval

    /// - Parameters: identifiers from the schema, never from input: they are
    ///   written into the SQL.
    package init(table: String, keyColumns: [String], timestampColumn: String, keep: TimeInterval) {
        self.table = table
        self.keyColumns = keyColumns
        self.timestampColumn = timestampColumn
        self.keep = max(0, keep)
    }

    /// The service's own rules: used authorization codes once expired (plus
    /// the verifier's `leeway` and the clock skew: a replay fails on `exp`
    /// then), used nonces once their validity and the clock skew have passed.
    package static func service(
        _ settings: RetentionSettings, codeLeeway: TimeInterval = AuthorizationCodeVerifier.defaultLeeway
    ) -> [RetentionRule] {
        [
            RetentionRule(
                table: "used_authorization_codes", keyColumns: ["issuer_id", "jti"], timestampColumn: "expires_at",
                keep: codeLeeway + settings.clockSkew),
            RetentionRule(
                table: "used_nonces", keyColumns: ["nonce_digest"], timestampColumn: "used_at",
                keep: settings.usedNonceValidity + settings.clockSkew),
        ]
    }

    /// The statement deleting one batch of at most `limit` rows older than the
    /// one bound timestamp.
    func deleteStatement(dialect: SQLDialect, limit: Int) -> String {
        let keys = keyColumns.joined(separator: ", ")
        let target = keyColumns.count == 1 ? keys : "(\(keys))"
        let locking = dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        return """
            DELETE FROM \(table) WHERE \(target) IN (
                SELECT \(keys) FROM \(table) WHERE \(timestampColumn) < ? LIMIT \(limit)\(locking))
            """
    }
}
