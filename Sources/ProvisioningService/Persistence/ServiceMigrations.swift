import ProvisioningStorage

/// The service's database schema: the ``SchemaComponent/service`` component's
/// migrations (its block of versions and name prefix are agreed there).
///
/// No table holds a PAN, expiry, CVV, key, authorization code or nonce in
/// clear: cards appear as a keyed fingerprint and last four digits, codes as
/// their `jti`, nonces as SHA-256 digests.
///
/// ```swift
/// try await Migrator(ServiceMigrations.all).migrate(database)
/// ```
package enum ServiceMigrations {
    /// `provisioning_attempts`' columns, as migration 1 creates the table and
    /// migration 2 rebuilds it (SQLite, `WITHOUT ROWID`).
    private static let attemptColumns = """
        provisioning_id TEXT PRIMARY KEY, issuer_id TEXT NOT NULL, request_id TEXT NOT NULL,
        card_ref TEXT NOT NULL, pan_fingerprint TEXT NOT NULL, pan_last_four TEXT NOT NULL,
        scheme TEXT NOT NULL, created_at {timestamp} NOT NULL
        """

    /// `audit_events`' columns after `event_id`, as migrations 1 and 2 both
    /// create them: one text, so the rebuilt table cannot drift from the first.
    private static let auditColumns = """
        issuer_id TEXT NOT NULL, at {timestamp} NOT NULL, request_id TEXT NOT NULL, actor TEXT NOT NULL,
        action TEXT NOT NULL, outcome TEXT NOT NULL, card_ref TEXT, pan_last_four TEXT, token_id TEXT,
        problem_type TEXT, detail TEXT
        """

    /// Every service migration, in version order.
    package static let all: [Migration] = [
        Migration(
            version: 1, name: "service: provisioning, replay guards, tokens, audit",
            sql: """
                CREATE TABLE provisioning_attempts (
                    \(attemptColumns)
                );
                CREATE TABLE used_authorization_codes (
                    issuer_id TEXT NOT NULL,
                    jti TEXT NOT NULL,
                    expires_at {timestamp} NOT NULL,
                    PRIMARY KEY (issuer_id, jti)
                );
                CREATE TABLE used_nonces (
                    nonce_digest TEXT PRIMARY KEY,
                    issuer_id TEXT NOT NULL,
                    used_at {timestamp} NOT NULL
                );
                CREATE TABLE tokens (
                    issuer_id TEXT NOT NULL,
                    token_id TEXT NOT NULL,
                    card_ref TEXT,
                    pan_fingerprint TEXT,
                    pan_last_four TEXT NOT NULL,
                    token_suffix TEXT NOT NULL,
                    token_expiry TEXT NOT NULL,
                    scheme TEXT NOT NULL,
                    state TEXT NOT NULL,
                    device_id TEXT,
                    device_name TEXT,
                    device_type TEXT,
                    token_requestor_id TEXT NOT NULL,
                    provisioning_id TEXT,
                    created_at {timestamp} NOT NULL,
                    updated_at {timestamp} NOT NULL,
                    event_at {timestamp},
                    event_sequence {bigint} NOT NULL,
                    PRIMARY KEY (issuer_id, token_id)
                );
                CREATE INDEX tokens_card ON tokens (issuer_id, card_ref);
                CREATE INDEX tokens_state ON tokens (issuer_id, state, token_id);
                CREATE TABLE audit_events (
                    seq {id},
                    event_id TEXT NOT NULL UNIQUE,
                    \(auditColumns)
                );
                CREATE INDEX audit_events_issuer ON audit_events (issuer_id, seq);
                CREATE TABLE notification_events (
                    issuer_id TEXT NOT NULL,
                    event_id TEXT NOT NULL,
                    received_at {timestamp} NOT NULL,
                    PRIMARY KEY (issuer_id, event_id)
                )
                """),
        // A provisioning commits one row in each of four tables; in SQLite every
        // b-tree page it dirties is a WAL frame written at commit and copied again
        // at checkpoint. Clustering the three tables keyed by random text on that
        // key (no rowid b-tree beside the key's index) and dropping the index on
        // audit event ids (96 random bits, never looked up; `seq` is the key)
        // takes a provisioning's commit from nine random pages to five.
        Migration(
            version: 2, name: "service: clustered replay guards and attempts, no index on audit event ids",
            sqlite: """
                CREATE TABLE provisioning_attempts_v2 (
                    \(attemptColumns)
                ) WITHOUT ROWID;
                INSERT INTO provisioning_attempts_v2 SELECT provisioning_id, issuer_id, request_id, card_ref,
                    pan_fingerprint, pan_last_four, scheme, created_at FROM provisioning_attempts;
                DROP TABLE provisioning_attempts;
                ALTER TABLE provisioning_attempts_v2 RENAME TO provisioning_attempts;
                CREATE TABLE used_authorization_codes_v2 (
                    issuer_id TEXT NOT NULL,
                    jti TEXT NOT NULL,
                    expires_at {timestamp} NOT NULL,
                    PRIMARY KEY (issuer_id, jti)
                ) WITHOUT ROWID;
                INSERT INTO used_authorization_codes_v2 SELECT issuer_id, jti, expires_at
                    FROM used_authorization_codes;
                DROP TABLE used_authorization_codes;
                ALTER TABLE used_authorization_codes_v2 RENAME TO used_authorization_codes;
                CREATE TABLE used_nonces_v2 (
                    nonce_digest TEXT PRIMARY KEY,
                    issuer_id TEXT NOT NULL,
                    used_at {timestamp} NOT NULL
                ) WITHOUT ROWID;
                INSERT INTO used_nonces_v2 SELECT nonce_digest, issuer_id, used_at FROM used_nonces;
                DROP TABLE used_nonces;
                ALTER TABLE used_nonces_v2 RENAME TO used_nonces;
                CREATE TABLE audit_events_v2 (
                    seq {id},
                    event_id TEXT NOT NULL,
                    \(auditColumns)
                );
                INSERT INTO audit_events_v2 SELECT seq, event_id, issuer_id, at, request_id, actor, action, outcome,
                    card_ref, pan_last_four, token_id, problem_type, detail FROM audit_events;
                DROP TABLE audit_events;
                ALTER TABLE audit_events_v2 RENAME TO audit_events;
                CREATE INDEX audit_events_issuer ON audit_events (issuer_id, seq);
                """,
            // PostgreSQL keeps rows in heaps beside their indexes either way.
            postgres: """
                ALTER TABLE audit_events DROP CONSTRAINT audit_events_event_id_key
                """),
        // One lifecycle change at a time per token (TokenOperationLease): the
        // row lives from before the network is asked until the registry has
        // its answer, or until `expires_at` when its holder died.
        Migration(
            version: 3, name: "service: token operation leases",
            sql: """
                CREATE TABLE token_operations (
                    issuer_id TEXT NOT NULL,
                    token_id TEXT NOT NULL,
                    holder TEXT NOT NULL,
                    expires_at {timestamp} NOT NULL,
                    PRIMARY KEY (issuer_id, token_id)
                );
                """),
    ]
}
