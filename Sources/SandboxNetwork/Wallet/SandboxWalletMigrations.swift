import ProvisioningStorage

/// The sandbox network's issuer-wallet tables: the
/// ``ProvisioningService/SchemaComponent/sandboxWallet`` component's
/// migrations. Included in ``Sandbox/migrations``.
///
/// DPANs, per-token master keys and one-time codes are sealed under the
/// sandbox master key; payment keys are never stored (they are re-derived
/// from the token's master key and the key id).
package enum SandboxWalletMigrations {
    /// Every sandbox wallet migration, in version order.
    package static let all: [Migration] = [
        Migration(
            version: 250, name: "sandbox wallet: tokens, ID&V sessions, payment keys, payments",
            sql: """
                CREATE TABLE sandbox_wallet_tokens (
                    token_id TEXT PRIMARY KEY,
                    issuer_id TEXT NOT NULL,
                    card_id TEXT NOT NULL,
                    role TEXT NOT NULL,
                    scheme TEXT NOT NULL,
                    state TEXT NOT NULL,
                    dpan_sealed {blob} NOT NULL,
                    token_suffix TEXT NOT NULL,
                    token_expiry TEXT NOT NULL,
                    payment_account_reference TEXT NOT NULL,
                    pan_fingerprint TEXT NOT NULL,
                    master_key_sealed {blob} NOT NULL,
                    created_at {timestamp} NOT NULL,
                    updated_at {timestamp} NOT NULL,
                    UNIQUE (card_id, role)
                );
                CREATE TABLE sandbox_activation_sessions (
                    session_id TEXT PRIMARY KEY,
                    issuer_id TEXT NOT NULL,
                    card_id TEXT NOT NULL,
                    code_sealed {blob} NOT NULL,
                    attempts_left {bigint} NOT NULL,
                    status TEXT NOT NULL,
                    expires_at {timestamp} NOT NULL,
                    created_at {timestamp} NOT NULL
                );
                CREATE INDEX sandbox_activation_sessions_card ON sandbox_activation_sessions (card_id);
                CREATE TABLE sandbox_payment_keys (
                    key_id TEXT PRIMARY KEY,
                    token_id TEXT NOT NULL REFERENCES sandbox_wallet_tokens (token_id),
                    status TEXT NOT NULL,
                    expires_at {timestamp} NOT NULL,
                    used_at {timestamp},
                    created_at {timestamp} NOT NULL
                );
                CREATE INDEX sandbox_payment_keys_token ON sandbox_payment_keys (token_id, status);
                CREATE TABLE sandbox_wallet_payments (
                    authorization_id TEXT PRIMARY KEY,
                    card_id TEXT NOT NULL,
                    token_id TEXT NOT NULL,
                    key_id TEXT NOT NULL UNIQUE,
                    amount {bigint} NOT NULL,
                    currency TEXT NOT NULL,
                    created_at {timestamp} NOT NULL
                )
                """)
    ]
}
