import Foundation

/// The service's issuer configuration file: every issuer it serves and the
/// service-wide settings.
///
/// ```json
/// {"issuers": [ { "id": "bank-1", … } ],
///  "service": {"audience": "https://tpc.example.com", "basePath": "/mg/tpc",
///              "authorizationCodeMaxLifetimeSeconds": 300, "sandbox": true}}
/// ```
///
/// See ``IssuerSettings`` and ``ServiceSettings`` for the members. Relative file
/// paths (`privateKeyPEMFile`, `certificatePEMFile`, secret `file`) are resolved
/// against the directory of the configuration file, so a configuration and its
/// key files can move together.
///
/// ```swift
/// let configuration = try IssuerConfiguration.load(contentsOf: URL(fileURLWithPath: "tpc.json"))
/// let issuer = configuration.issuer(withId: "bank-1")
/// ```
package struct IssuerConfiguration: Hashable, Sendable {
    /// The issuers, in file order.
    package var issuers: [IssuerSettings]
    /// The service-wide settings.
    package var service: ServiceSettings

    package init(issuers: [IssuerSettings], service: ServiceSettings) {
        self.issuers = issuers
        self.service = service
    }

    /// The decoder `userInfo` key holding the directory (a file `URL`) relative
    /// paths are resolved against; the current directory when absent.
    // `CodingUserInfoKey(rawValue:)` is failable in signature only: it accepts every string.
    package static let baseDirectoryUserInfoKey = CodingUserInfoKey(rawValue: "tpc.issuerConfiguration.baseDirectory")!

    /// The largest configuration file read, in bytes.
    package static let maximumFileSize = 1 << 20

    /// Reads, decodes and validates a configuration file, and checks that every
    /// file and secret it refers to can be loaded.
    ///
    /// - Throws: ``ServiceError`` naming the issuer and field of the first
    ///   problem.
    package static func load(contentsOf url: URL) throws(ServiceError) -> IssuerConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ServiceError(.unreadableFile, field: "(file)", "cannot read \(url.path)")
        }
        guard data.count <= maximumFileSize else {
            throw ServiceError(.unreadableFile, field: "(file)", "larger than 1 MiB")
        }
        let configuration = try IssuerConfiguration(jsonData: data, baseDirectory: url.deletingLastPathComponent())
        try configuration.checkReferences()
        return configuration
    }

    /// Decodes and validates configuration JSON, resolving relative paths
    /// against `baseDirectory`. Does not read the files it refers to; see
    /// ``checkReferences()``.
    ///
    /// - Throws: ``ServiceError``.
    package init(jsonData: Data, baseDirectory: URL) throws(ServiceError) {
        let decoder = JSONDecoder()
        decoder.userInfo[Self.baseDirectoryUserInfoKey] = baseDirectory
        do {
            self = try decoder.decode(IssuerConfiguration.self, from: jsonData)
        } catch {
            throw ServiceError.configuration(error)
        }
        try validate()
    }

    /// The issuer with `id`, or `nil`.
    package func issuer(withId id: String) -> IssuerSettings? {
        issuers.first { $0.id == id }
    }

    /// Checks every value: at least one issuer, unique ids, well-formed fields.
    ///
    /// - Throws: ``ServiceError`` for the first problem.
    package func validate() throws(ServiceError) {
        guard !issuers.isEmpty else {
            throw ServiceError(.invalidSetting, field: "issuers", "at least one issuer is required")
        }
        var ids: Set<String> = []
        for (index, issuer) in issuers.enumerated() {
            try issuer.validate(path: "issuers[\(index)]")
            guard ids.insert(issuer.id).inserted else {
                throw ServiceError(
                    .duplicateSetting, issuerId: issuer.id, field: "issuers[\(index)].id", "id is used twice")
            }
        }
        try service.validate()
    }

    /// Loads every PEM and secret the issuers refer to, to fail at start-up
    /// rather than on the first request.
    ///
    /// - Throws: ``ServiceError`` naming the issuer and field that cannot be
    ///   loaded (never the content).
    package func checkReferences() throws(ServiceError) {
        for (index, issuer) in issuers.enumerated() {
            let path = "issuers[\(index)]"
            do {
                _ = try issuer.payloadKey.privateKey.load(field: "\(path).payloadKey.privateKey")
                _ = try issuer.payloadKey.certificate.load(field: "\(path).payloadKey.certificate")
                _ = try issuer.notificationSecret.load(field: "\(path).notificationSecret")
                _ = try issuer.fingerprintSecret.load(field: "\(path).fingerprintSecret")
                _ = try issuer.activationDataSecret.load(field: "\(path).activationDataSecret")
                if let mdes = issuer.mdes {
                    _ = try mdes.signingKey.privateKey(field: "\(path).mdes.signingKey")
                    _ = try mdes.tavKey.load(field: "\(path).mdes.tavKey")
                }
            } catch {
                throw error.naming(issuerId: issuer.id)
            }
        }
    }

    /// 1–64 characters of `A–Z a–z 0–9 . _ -`: ids, product ids, requestor ids.
    static func isIdentifier(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
    }

    /// A path from the configuration as a file URL, relative ones against the
    /// decoder's base directory.
    static func resolve(path: String, decoder: any Decoder) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        let base =
            decoder.userInfo[baseDirectoryUserInfoKey] as? URL
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return base.appendingPathComponent(path).standardizedFileURL
    }

    /// Throws when the object being decoded has a member outside `known`.
    static func refuseUnknownMembers(_ decoder: any Decoder, known: Set<String>) throws {
        let container = try decoder.container(keyedBy: ConfigurationCodingKey.self)
        let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
        if let first = unknown.first {
            let isPrintable = first.utf8.count <= 64 && first.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 }
            throw ServiceError(
                .invalidSetting,
                field: ServiceError.settingPath(
                    decoder.codingPath + [ConfigurationCodingKey(isPrintable ? first : "?")]),
                "unknown field")
        }
    }
}

extension IssuerConfiguration: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case issuers, service
    }

    package init(from decoder: any Decoder) throws {
        try Self.refuseUnknownMembers(decoder, known: Set(CodingKeys.allCases.map(\.stringValue)))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            issuers: try container.decode([IssuerSettings].self, forKey: .issuers),
            service: try container.decode(ServiceSettings.self, forKey: .service))
    }
}
