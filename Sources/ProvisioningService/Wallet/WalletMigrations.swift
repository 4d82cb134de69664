import ProvisioningStorage

/// The issuer wallet's service tables: the ``SchemaComponent/wallet``
/// component's migrations. Included in ``ProvisioningServiceApp/migrations``.
///
/// No clear secrets: wallets keep the SHA-256 digest of their access token,
/// cards the issuer's keyed PAN fingerprint, last four digits and the PAN
/// expiry sealed under a key derived from the issuer's fingerprint secret.
package enum WalletMigrations {
    /// Every wallet migration of the service, in version order.
    package static let all: [Migration] = [
        Migration(
            version: 200, name: "wallet: wallets, digital cards, card art",
            sql: """
                CREATE TABLE wallets (
                    wallet_id TEXT PRIMARY KEY,
                    issuer_id TEXT NOT NULL,
                    user_id TEXT NOT NULL,
                    device_name TEXT NOT NULL,
                    public_key {blob} NOT NULL,
                    access_token_hash TEXT NOT NULL UNIQUE,
                    default_card_id TEXT,
                    created_at {timestamp} NOT NULL
                );
                CREATE INDEX wallets_user ON wallets (issuer_id, user_id);
                CREATE TABLE wallet_cards (
                    card_id TEXT PRIMARY KEY,
                    wallet_id TEXT NOT NULL REFERENCES wallets (wallet_id),
                    issuer_id TEXT NOT NULL,
                    card_ref TEXT NOT NULL,
                    pan_fingerprint TEXT NOT NULL,
                    pan_last_four TEXT NOT NULL,
                    pan_expiry_sealed {blob} NOT NULL,
                    product_id TEXT,
                    scheme TEXT NOT NULL,
                    token_id TEXT NOT NULL,
                    token_suffix TEXT NOT NULL,
                    token_expiry TEXT NOT NULL,
                    payment_account_reference TEXT NOT NULL,
                    auxiliary_scheme TEXT,
                    auxiliary_token_id TEXT,
                    auxiliary_token_suffix TEXT,
                    auxiliary_token_expiry TEXT,
                    auxiliary_payment_account_reference TEXT,
                    state TEXT NOT NULL,
                    enrolled_seq {bigint} NOT NULL,
                    created_at {timestamp} NOT NULL,
                    updated_at {timestamp} NOT NULL
                );
                CREATE INDEX wallet_cards_wallet ON wallet_cards (wallet_id, enrolled_seq);
                CREATE TABLE card_art (
                    issuer_id TEXT NOT NULL,
                    product_id TEXT NOT NULL,
                    art_type TEXT NOT NULL,
                    png {blob} NOT NULL,
                    etag TEXT NOT NULL,
                    updated_at {timestamp} NOT NULL,
                    PRIMARY KEY (issuer_id, product_id, art_type)
                )
                """)
    ]
}
