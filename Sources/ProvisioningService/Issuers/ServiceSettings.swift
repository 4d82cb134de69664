/// Service-wide settings: the `service` object of the issuer configuration.
///
/// ```json
/// {"audience": "https://tpc.example.com", "basePath": "/mg/tpc",
///  "authorizationCodeMaxLifetimeSeconds": 300, "sandbox": false}
/// ```
///
/// Only `audience` is required.
package struct ServiceSettings: Hashable, Sendable {
    /// The `aud` every authorization code must carry.
    package var audience: String
    /// The path prefix of every route: empty, or `/` followed by segments, no
    /// trailing slash. Default `/mg/tpc`, as in the seeds.
    package var basePath: String
    /// The longest lifetime (`exp` − `iat`) accepted for an authorization code,
    /// 1–3600 seconds. Default 300.
    package var authorizationCodeMaxLifetimeSeconds: Int
    /// Whether the service runs against the sandbox (pins the sandbox root).
    package var sandbox: Bool

    /// The default ``basePath``.
    package static let defaultBasePath = "/mg/tpc"
    /// The default ``authorizationCodeMaxLifetimeSeconds``.
    package static let defaultAuthorizationCodeMaxLifetimeSeconds = 300

    package init(
        audience: String, basePath: String = defaultBasePath,
        authorizationCodeMaxLifetimeSeconds: Int = defaultAuthorizationCodeMaxLifetimeSeconds, sandbox: Bool = false
    ) {
        self.audience = audience
        self.basePath = basePath
        self.authorizationCodeMaxLifetimeSeconds = authorizationCodeMaxLifetimeSeconds
        self.sandbox = sandbox
    }

    func validate() throws(ServiceError) {
        guard !audience.isEmpty, audience.utf8.count <= 256 else {
            throw ServiceError(.invalidSetting, field: "service.audience", "1–256 characters")
        }
        guard Self.isValidBasePath(basePath) else {
            throw ServiceError(
                .invalidSetting, field: "service.basePath",
                "empty, or /-separated segments of A–Z a–z 0–9 . _ - without a trailing slash")
        }
        guard (1...3600).contains(authorizationCodeMaxLifetimeSeconds) else {
            throw ServiceError(
                .invalidSetting, field: "service.authorizationCodeMaxLifetimeSeconds", "1–3600 seconds")
        }
    }

    static func isValidBasePath(_ path: String) -> Bool {
        if path.isEmpty { return true }
        guard path.hasPrefix("/") else { return false }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return segments.allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".."
                && IssuerConfiguration.isIdentifier(String(segment))
        }
    }
}

extension ServiceSettings: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case audience, basePath, authorizationCodeMaxLifetimeSeconds, sandbox
    }

    package init(from decoder: any Decoder) throws {
        try IssuerConfiguration.refuseUnknownMembers(decoder, known: Set(CodingKeys.allCases.map(\.stringValue)))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            audience: try container.decode(String.self, forKey: .audience),
            basePath: try container.decodeIfPresent(String.self, forKey: .basePath) ?? Self.defaultBasePath,
            authorizationCodeMaxLifetimeSeconds: try container.decodeIfPresent(
                Int.self, forKey: .authorizationCodeMaxLifetimeSeconds)
                ?? Self.defaultAuthorizationCodeMaxLifetimeSeconds,
            sandbox: try container.decodeIfPresent(Bool.self, forKey: .sandbox) ?? false)
    }
}
