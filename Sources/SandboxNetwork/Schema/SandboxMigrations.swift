import ProvisioningStorage

/// The sandbox's tables: the ``ProvisioningService/SchemaComponent/sandbox``
/// component's migrations in the deployment's single migration list.
///
/// `tpc serve` runs them together with the service's:
///
/// ```swift
/// try await Migrator(ServiceMigrations.all + SandboxMigrations.all).migrate(database)
/// ```
///
/// Every table is prefixed `sandbox_`. No column holds a PAN, DPAN, expiry,
/// nonce or private key in clear: keys, DPANs and add-request nonces are sealed
/// under the sandbox master key, nonces are otherwise stored as SHA-256 hashes,
/// and cards are known by the network's keyed fingerprint and last four digits.
package enum SandboxMigrations {
    /// Every sandbox migration, in version order.
    package static let all: [Migration] = [
        Migration(
            version: 100, name: "sandbox certificate authority",
            sql: """
                CREATE TABLE sandbox_certificate_authority (
                    name TEXT PRIMARY KEY,
                    root_der {blob} NOT NULL,
                    intermediate_der {blob} NOT NULL,
                    leaf_der {blob} NOT NULL,
                    root_key_sealed {blob} NOT NULL,
                    intermediate_key_sealed {blob} NOT NULL,
                    leaf_key_sealed {blob} NOT NULL,
                    master_key_id TEXT NOT NULL,
                    created_at {timestamp} NOT NULL
                )
                """),
        Migration(
            version: 101, name: "sandbox devices and nonces",
            sql: """
                CREATE TABLE sandbox_devices (
                    id TEXT PRIMARY KEY,
                    kind TEXT NOT NULL,
                    name TEXT NOT NULL,
                    public_key {blob} NOT NULL,
                    paired_device_id TEXT REFERENCES sandbox_devices (id),
                    created_at {timestamp} NOT NULL
                );
                CREATE TABLE sandbox_nonces (
                    nonce_hash TEXT PRIMARY KEY,
                    device_id TEXT NOT NULL REFERENCES sandbox_devices (id),
                    expires_at {timestamp} NOT NULL,
                    created_at {timestamp} NOT NULL,
                    used_at {timestamp},
                    request_hash TEXT,
                    outcome TEXT,
                    token_id TEXT
                );
                CREATE INDEX sandbox_nonces_device ON sandbox_nonces (device_id)
                """),
        Migration(
            version: 102, name: "sandbox token vault and passes",
            sql: """
                CREATE TABLE sandbox_tokens (
                    id TEXT PRIMARY KEY,
                    issuer_id TEXT NOT NULL,
                    network TEXT NOT NULL,
                    state TEXT NOT NULL,
                    token_requestor_id TEXT NOT NULL,
                    dpan_sealed {blob} NOT NULL,
                    token_suffix TEXT NOT NULL,
                    token_expiry TEXT NOT NULL,
                    pan_fingerprint TEXT NOT NULL,
                    pan_suffix TEXT NOT NULL,
                    device_id TEXT NOT NULL REFERENCES sandbox_devices (id),
                    provisioning_id TEXT NOT NULL,
                    nonce_hash TEXT NOT NULL UNIQUE,
                    nonce_sealed {blob} NOT NULL,
                    last_event_at {timestamp} NOT NULL,
                    created_at {timestamp} NOT NULL,
                    updated_at {timestamp} NOT NULL
                );
                CREATE INDEX sandbox_tokens_issuer ON sandbox_tokens (issuer_id);
                CREATE TABLE sandbox_passes (
                    serial_number TEXT PRIMARY KEY,
                    device_id TEXT NOT NULL REFERENCES sandbox_devices (id),
                    token_id TEXT NOT NULL UNIQUE REFERENCES sandbox_tokens (id),
                    primary_account_identifier TEXT NOT NULL,
                    pan_suffix TEXT NOT NULL,
                    payment_network TEXT,
                    localized_description TEXT,
                    created_at {timestamp} NOT NULL
                );
                CREATE INDEX sandbox_passes_device ON sandbox_passes (device_id);
                CREATE TABLE sandbox_token_operations (
                    issuer_id TEXT NOT NULL,
                    idempotency_key TEXT NOT NULL,
                    token_id TEXT NOT NULL,
                    action TEXT NOT NULL,
                    created_at {timestamp} NOT NULL,
                    PRIMARY KEY (issuer_id, idempotency_key)
                )
                """),
        Migration(
            version: 103, name: "sandbox notification outbox",
            sql: """
                CREATE TABLE sandbox_outbox (
                    event_id TEXT PRIMARY KEY,
                    issuer_id TEXT NOT NULL,
                    network TEXT NOT NULL,
                    body {blob} NOT NULL,
                    attempts {bigint} NOT NULL,
                    next_attempt_at {timestamp} NOT NULL,
                    delivered_at {timestamp},
                    last_status {bigint},
                    created_at {timestamp} NOT NULL
                );
                CREATE INDEX sandbox_outbox_pending ON sandbox_outbox (delivered_at, next_attempt_at)
                """),
        // MDES lets several parties suspend one token; the vault keeps who did
        // (``Suspensions``), one letter each in the order they suspended.
        Migration(
            version: 104, name: "sandbox token suspenders",
            sql: "ALTER TABLE sandbox_tokens ADD COLUMN suspenders TEXT NOT NULL DEFAULT ''"),
    ]
}
