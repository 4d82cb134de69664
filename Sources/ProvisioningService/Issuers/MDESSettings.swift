import Foundation

/// How the service reaches Mastercard's MDES for one issuer: the Customer
/// Service API it sends Mastercard tokens' lifecycle to, the OAuth 1.0a
/// credentials that sign each call, and the key that signs the TAVs returned
/// with Apple's pass data for Mastercard cards (docs/networks.md).
///
/// In JSON, the issuer's `mdes` member:
///
/// ```json
/// {"baseURL": "https://api.mastercard.com/mdes/csapi/v2",
///  "consumerKey": "…!…", "signingKeyPEMFile": "bank-1/mdes-signing-key.pem",
///  "tavKeyPEMFile": "bank-1/tav-key.pem", "timeoutSeconds": 10}
/// ```
///
/// `baseURL` left out means the sandbox's own MDES endpoint, allowed only
/// under `tpc serve --sandbox`. The signing key is the private key of the
/// certificate registered on Mastercard's developer portal, as PEM or as the
/// portal's PKCS #12 file (`signingKeyP12File` with
/// `signingKeyP12PasswordVariable`, ``MDESSigningKeySource``); the TAV key's
/// public half is registered with Mastercard at onboarding (`tpc issuer init`
/// prints it). `timeoutSeconds` (1–60, default 10) bounds each call.
package struct MDESSettings: Hashable, Sendable {
    /// The Customer Service API's base, up to and including `/mdes/csapi/v2`;
    /// nil for the sandbox's own endpoint.
    package var baseURL: URL?
    /// The consumer key from Mastercard's developer portal.
    package var consumerKey: String
    /// The RSA private key that signs API calls (PEM or PKCS #12).
    package var signingKey: MDESSigningKeySource
    /// The RSA private key that signs TAVs (PEM).
    package var tavKey: PEMSource
    /// The bound of one call.
    package var timeoutSeconds: Int

    package static let defaultTimeoutSeconds = 10
    /// Mastercard's production Customer Service API.
    package static let productionBaseURL = URL(string: "https://api.mastercard.com/mdes/csapi/v2")

    package init(
        baseURL: URL?, consumerKey: String, signingKey: MDESSigningKeySource, tavKey: PEMSource,
        timeoutSeconds: Int = MDESSettings.defaultTimeoutSeconds
    ) {
        self.baseURL = baseURL
        self.consumerKey = consumerKey
        self.signingKey = signingKey
        self.tavKey = tavKey
        self.timeoutSeconds = timeoutSeconds
    }

    /// A POSIX shell's variable name: `[A-Za-z_][A-Za-z0-9_]*`, 1–128 bytes.
    static func isEnvironmentVariableName(_ name: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        guard let first = name.utf8.first, name.utf8.count <= 128, isLetter(first) || first == UInt8(ascii: "_")
        else { return false }
        return name.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// Checks the values.
    /// - Throws: ``ServiceError`` `invalid-setting` naming the field.
    func validate(path: String, issuerId: String) throws(ServiceError) {
        if let baseURL {
            guard let scheme = baseURL.scheme?.lowercased(), ["https", "http"].contains(scheme),
                baseURL.host?.isEmpty == false, baseURL.query == nil
            else {
                throw ServiceError(
                    .invalidSetting, issuerId: issuerId, field: "\(path).baseURL", "an http(s) URL without a query")
            }
        }
        guard !consumerKey.isEmpty, consumerKey.count <= 256,
            !consumerKey.contains(where: { $0.isNewline || $0 == "\"" || $0 == "," })
        else {
            throw ServiceError(
                .invalidSetting, issuerId: issuerId, field: "\(path).consumerKey",
                "1–256 characters, no quote, comma or line break")
        }
        guard (1...60).contains(timeoutSeconds) else {
            throw ServiceError(.invalidSetting, issuerId: issuerId, field: "\(path).timeoutSeconds", "1–60")
        }
        if case .pkcs12(_, let variable) = signingKey, !Self.isEnvironmentVariableName(variable) {
            throw ServiceError(
                .invalidSetting, issuerId: issuerId, field: "\(path).signingKeyP12PasswordVariable",
                "an environment variable name (1–128 of A–Z a–z 0–9 _, not starting with a digit)")
        }
        guard signingKey != .pem(tavKey) else {
            throw ServiceError(
                .duplicateSetting, issuerId: issuerId, field: "\(path).tavKeyPEMFile",
                "the TAV key and the API signing key must differ")
        }
    }
}

extension MDESSettings: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case baseURL, consumerKey, signingKeyPEMFile, signingKeyPEM, signingKeyP12File, signingKeyP12PasswordVariable
        case tavKeyPEMFile, tavKeyPEM, timeoutSeconds
    }

    package init(from decoder: any Decoder) throws {
        try IssuerConfiguration.refuseUnknownMembers(decoder, known: Set(CodingKeys.allCases.map(\.stringValue)))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let base = try container.decodeIfPresent(String.self, forKey: .baseURL)
        var url: URL?
        if let base {
            guard let parsed = URL(string: base) else {
                throw ServiceError(
                    .invalidSetting, field: ServiceError.settingPath(decoder.codingPath + [CodingKeys.baseURL]),
                    "not a URL")
            }
            url = parsed
        }
        self.init(
            baseURL: url, consumerKey: try container.decode(String.self, forKey: .consumerKey),
            signingKey: try Self.decodeSigningKey(container, decoder: decoder),
            tavKey: try PEMSource.decode(container, file: .tavKeyPEMFile, inline: .tavKeyPEM, decoder: decoder),
            timeoutSeconds: try container.decodeIfPresent(Int.self, forKey: .timeoutSeconds)
                ?? Self.defaultTimeoutSeconds)
    }

    /// The signing key: a PEM (`signingKeyPEMFile` or `signingKeyPEM`) or a
    /// PKCS #12 file (`signingKeyP12File` and `signingKeyP12PasswordVariable`),
    /// exactly one of them.
    private static func decodeSigningKey(
        _ container: KeyedDecodingContainer<CodingKeys>, decoder: any Decoder
    ) throws -> MDESSigningKeySource {
        func field(_ key: CodingKeys) -> String { ServiceError.settingPath(decoder.codingPath + [key]) }
        let p12 = try container.decodeIfPresent(String.self, forKey: .signingKeyP12File)
        let variable = try container.decodeIfPresent(String.self, forKey: .signingKeyP12PasswordVariable)
        guard let p12 else {
            if variable != nil {
                throw ServiceError(
                    .invalidSetting, field: field(.signingKeyP12PasswordVariable), "only with signingKeyP12File")
            }
            return .pem(
                try PEMSource.decode(container, file: .signingKeyPEMFile, inline: .signingKeyPEM, decoder: decoder))
        }
        guard !container.contains(.signingKeyPEMFile), !container.contains(.signingKeyPEM) else {
            throw ServiceError(
                .invalidSetting, field: field(.signingKeyP12File),
                "give only one of signingKeyPEMFile, signingKeyPEM and signingKeyP12File")
        }
        guard let variable else {
            throw ServiceError(
                .missingSetting, field: field(.signingKeyP12PasswordVariable),
                "the environment variable holding the PKCS #12 password")
        }
        return .pkcs12(file: IssuerConfiguration.resolve(path: p12, decoder: decoder), passwordVariable: variable)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(baseURL?.absoluteString, forKey: .baseURL)
        try container.encode(consumerKey, forKey: .consumerKey)
        switch signingKey {
        case .pem(let source):
            try source.encode(to: &container, file: .signingKeyPEMFile, inline: .signingKeyPEM)
        case .pkcs12(let url, let variable):
            try container.encode(url.path, forKey: .signingKeyP12File)
            try container.encode(variable, forKey: .signingKeyP12PasswordVariable)
        }
        try tavKey.encode(to: &container, file: .tavKeyPEMFile, inline: .tavKeyPEM)
        if timeoutSeconds != Self.defaultTimeoutSeconds {
            try container.encode(timeoutSeconds, forKey: .timeoutSeconds)
        }
    }
}
