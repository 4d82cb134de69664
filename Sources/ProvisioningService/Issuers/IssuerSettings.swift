import ProvisioningCrypto

/// One issuer (bank) as configured: its identity, keys, secrets and what it may
/// provision.
///
/// In JSON, one entry of the configuration's `issuers` array:
///
/// ```json
/// {"id": "bank-1", "name": "Example Bank",
///  "authorizationCodeKeys": {"keys": [{"kty": "EC", "kid": "k1", "crv": "P-256", "x": "…", "y": "…"}]},
///  "payloadKey": {"privateKeyPEMFile": "bank-1/payload-key.pem", "certificatePEMFile": "bank-1/payload.pem"},
///  "allowedSchemes": ["VISA", "MASTERCARD"], "allowedProductIds": [],
///  "tokenRequestorIds": ["40010030273"], "backOfficeAPIKeyHashes": ["sha256:…"],
///  "notificationSecret": {"file": "bank-1/notification.secret"},
///  "fingerprintSecret": {"file": "bank-1/fingerprint.secret"},
///  "activationDataSecret": {"value": "base64:…"},
///  "mdes": {"baseURL": "https://api.mastercard.com/mdes/csapi/v2", "consumerKey": "…",
///           "signingKeyPEMFile": "bank-1/mdes-signing-key.pem", "tavKeyPEMFile": "bank-1/tav-key.pem"}}
/// ```
///
/// `allowedProductIds` and `backOfficeAPIKeyHashes` may be left out (empty),
/// and `mdes` (``MDESSettings``): with it, the issuer's Mastercard tokens go
/// to Mastercard's Customer Service API and its Mastercard cards carry TAVs;
/// without it, to the default connector. Every other member is required. Unknown members are refused, so a misspelt
/// optional member cannot go unnoticed.
package struct IssuerSettings: Hashable, Sendable {
    /// The issuer id used in URLs and as the `iss` of its authorization codes.
    package var id: String
    /// A display name.
    package var name: String
    /// The JWK Set (`{"keys": [...]}`) that verifies the issuer's authorization
    /// codes, kept as JSON for the crypto layer. Public keys only, each with a `kid`.
    package var authorizationCodeKeys: JSONValue
    /// The key pair for the bank's encrypted payloads.
    package var payloadKey: PayloadKeyConfiguration
    /// The schemes the issuer may provision.
    package var allowedSchemes: [CardScheme]
    /// The product ids the issuer may name (for schemes that require one).
    package var allowedProductIds: [String]
    /// The token requestors (wallets) the issuer works with.
    package var tokenRequestorIds: [String]
    /// Digests of the back-office API keys.
    package var backOfficeAPIKeyHashes: [APIKeyHash]
    /// The HMAC secret of network notifications.
    package var notificationSecret: SecretSource
    /// The HMAC secret of PAN fingerprints.
    package var fingerprintSecret: SecretSource
    /// The secret of activation data shared with the network.
    package var activationDataSecret: SecretSource
    /// Mastercard's MDES, when the issuer's Mastercard cards go there.
    package var mdes: MDESSettings?

    package init(
        id: String, name: String, authorizationCodeKeys: JSONValue, payloadKey: PayloadKeyConfiguration,
        allowedSchemes: [CardScheme], allowedProductIds: [String] = [], tokenRequestorIds: [String],
        backOfficeAPIKeyHashes: [APIKeyHash] = [], notificationSecret: SecretSource,
        fingerprintSecret: SecretSource, activationDataSecret: SecretSource, mdes: MDESSettings? = nil
    ) {
        self.id = id
        self.name = name
        self.authorizationCodeKeys = authorizationCodeKeys
        self.payloadKey = payloadKey
        self.allowedSchemes = allowedSchemes
        self.allowedProductIds = allowedProductIds
        self.tokenRequestorIds = tokenRequestorIds
        self.backOfficeAPIKeyHashes = backOfficeAPIKeyHashes
        self.notificationSecret = notificationSecret
        self.fingerprintSecret = fingerprintSecret
        self.activationDataSecret = activationDataSecret
        self.mdes = mdes
    }

    /// JWK members that hold private key material, refused in a verification key set.
    static let privateJWKMembers: Set<String> = ["d", "p", "q", "dp", "dq", "qi", "k", "oth"]

    /// Checks the issuer's values.
    ///
    /// - Parameter path: The entry's JSON path, such as `issuers[0]`.
    /// - Throws: ``ServiceError`` for the first invalid field.
    func validate(path: String) throws(ServiceError) {
        func fail(_ code: ServiceError.Code, _ field: String, _ detail: String) -> ServiceError {
            ServiceError(code, issuerId: id, field: "\(path).\(field)", detail)
        }
        guard IssuerConfiguration.isIdentifier(id) else {
            throw ServiceError(
                .invalidSetting, field: "\(path).id", "1–64 characters of A–Z a–z 0–9 . _ -")
        }
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw fail(.invalidSetting, "name", "empty") }
        try validateKeySet(fail: fail)
        guard !allowedSchemes.isEmpty else { throw fail(.invalidSetting, "allowedSchemes", "empty") }
        guard Set(allowedSchemes).count == allowedSchemes.count else {
            throw fail(.duplicateSetting, "allowedSchemes", "a scheme is listed twice")
        }
        for (index, product) in allowedProductIds.enumerated() where !IssuerConfiguration.isIdentifier(product) {
            throw fail(.invalidSetting, "allowedProductIds[\(index)]", "1–64 characters of A–Z a–z 0–9 . _ -")
        }
        guard !tokenRequestorIds.isEmpty else { throw fail(.invalidSetting, "tokenRequestorIds", "empty") }
        for (index, requestor) in tokenRequestorIds.enumerated() where !IssuerConfiguration.isIdentifier(requestor) {
            throw fail(.invalidSetting, "tokenRequestorIds[\(index)]", "1–64 characters of A–Z a–z 0–9 . _ -")
        }
        guard Set(backOfficeAPIKeyHashes).count == backOfficeAPIKeyHashes.count else {
            throw fail(.duplicateSetting, "backOfficeAPIKeyHashes", "a key hash is listed twice")
        }
        let secrets = [notificationSecret, fingerprintSecret, activationDataSecret]
        guard Set(secrets).count == secrets.count else {
            throw fail(.duplicateSetting, "notificationSecret", "the three secrets must differ")
        }
        if let mdes {
            guard allowedSchemes.contains(.mastercard) else {
                throw fail(.invalidSetting, "mdes", "MDES serves Mastercard cards; allowedSchemes has no MASTERCARD")
            }
            try mdes.validate(path: "\(path).mdes", issuerId: id)
        }
    }

    private func validateKeySet(
        fail: (ServiceError.Code, String, String) -> ServiceError
    ) throws(ServiceError) {
        guard let keys = authorizationCodeKeys["keys"]?.arrayValue, !keys.isEmpty else {
            throw fail(.invalidSetting, "authorizationCodeKeys", "expected a JWK Set with a non-empty keys array")
        }
        var kids: Set<String> = []
        for (index, key) in keys.enumerated() {
            let field = "authorizationCodeKeys.keys[\(index)]"
            guard let members = key.objectValue, members["kty"]?.stringValue?.isEmpty == false else {
                throw fail(.invalidSetting, field, "expected a JWK object with kty")
            }
            guard let kid = members["kid"]?.stringValue, !kid.isEmpty else {
                throw fail(.missingSetting, "\(field).kid", "every key needs a kid")
            }
            guard kids.insert(kid).inserted else { throw fail(.duplicateSetting, "\(field).kid", "kid is used twice") }
            guard Self.privateJWKMembers.isDisjoint(with: members.keys) else {
                throw fail(.invalidSetting, field, "holds private key members; give public keys only")
            }
        }
    }
}

extension IssuerSettings: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, authorizationCodeKeys, payloadKey, allowedSchemes, allowedProductIds, tokenRequestorIds
        case backOfficeAPIKeyHashes, notificationSecret, fingerprintSecret, activationDataSecret, mdes
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        do {
            try IssuerConfiguration.refuseUnknownMembers(
                decoder, known: Set(CodingKeys.allCases.map(\.stringValue)))
            self.init(
                id: id,
                name: try container.decode(String.self, forKey: .name),
                authorizationCodeKeys: try container.decode(JSONValue.self, forKey: .authorizationCodeKeys),
                payloadKey: try container.decode(PayloadKeyConfiguration.self, forKey: .payloadKey),
                allowedSchemes: try container.decode([CardScheme].self, forKey: .allowedSchemes),
                allowedProductIds: try container.decodeIfPresent([String].self, forKey: .allowedProductIds) ?? [],
                tokenRequestorIds: try container.decode([String].self, forKey: .tokenRequestorIds),
                backOfficeAPIKeyHashes: try container.decodeIfPresent(
                    [APIKeyHash].self, forKey: .backOfficeAPIKeyHashes)
                    ?? [],
                notificationSecret: try container.decode(SecretSource.self, forKey: .notificationSecret),
                fingerprintSecret: try container.decode(SecretSource.self, forKey: .fingerprintSecret),
                activationDataSecret: try container.decode(SecretSource.self, forKey: .activationDataSecret),
                mdes: try container.decodeIfPresent(MDESSettings.self, forKey: .mdes))
        } catch {
            // Only an id that is itself valid is worth naming in the error.
            throw ServiceError.configuration(error, issuerId: IssuerConfiguration.isIdentifier(id) ? id : nil)
        }
    }
}
