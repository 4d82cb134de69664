import Foundation
import ProvisioningPrimitives
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct IssuerConfigurationTests {
    static func validURL() throws -> URL { try Fixtures.url("Issuers/valid/tpc.json") }

    @Test func validFixtureLoadsWithEveryField() throws {
        let url = try Self.validURL()
        let configuration = try IssuerConfiguration.load(contentsOf: url)
        #expect(configuration.issuers.map(\.id) == ["fixture-bank", "inline-bank"])
        #expect(
            configuration.service
                == ServiceSettings(
                    audience: "https://tpc.example.test", basePath: "/mg/tpc",
                    authorizationCodeMaxLifetimeSeconds: 120, sandbox: true))

        let bank = try #require(configuration.issuer(withId: "fixture-bank"))
        #expect(bank.name == "Fixture Bank")
        #expect(bank.allowedSchemes == [.visa, .mastercard, .pure])
        #expect(bank.allowedProductIds == ["PURE-DEBIT"])
        #expect(bank.tokenRequestorIds == ["40010030273", "50110030273"])
        #expect(bank.authorizationCodeKeys["keys"]?.arrayValue?.first?["kid"] == .string("code-2024"))
        #expect(configuration.issuer(withId: "nobody") == nil)

        // Relative paths resolve against the configuration file's directory.
        let keys = url.deletingLastPathComponent().appendingPathComponent("keys").standardizedFileURL
        #expect(bank.payloadKey.privateKey == .file(keys.appendingPathComponent("payload-key.pem")))
        #expect(bank.payloadKey.certificate == .file(keys.appendingPathComponent("payload-cert.pem")))
        #expect(bank.notificationSecret == .file(keys.appendingPathComponent("notification.secret")))
        #expect(try bank.payloadKey.privateKey.load().hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(try bank.payloadKey.certificate.load().contains("-----BEGIN CERTIFICATE-----"))
    }

    @Test func secretsDecodeByPrefix() throws {
        let configuration = try IssuerConfiguration.load(contentsOf: Self.validURL())
        let bank = try #require(configuration.issuer(withId: "fixture-bank"))
        #expect(try bank.notificationSecret.load().count == 32)  // "hex:" + 64 hex digits in a file
        #expect(try bank.fingerprintSecret.load().count == 64)  // 64 hex characters, no prefix: their bytes
        #expect(try bank.activationDataSecret.load() == Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef".utf8))
        let inline = try #require(configuration.issuer(withId: "inline-bank"))
        #expect(try inline.fingerprintSecret.load() == (0..<32).map { UInt8($0) })
        #expect(inline.payloadKey.privateKey.description == "PEMSource.inline(redacted)")
    }

    @Test func apiKeyHashesMatchInConstantTimeShape() throws {
        let configuration = try IssuerConfiguration.load(contentsOf: Self.validURL())
        let hash = try #require(configuration.issuer(withId: "fixture-bank")?.backOfficeAPIKeyHashes.first)
        // SHA-256("fixture-api-key"), computed with `openssl dgst -sha256`.
        let digest = Hexadecimal.bytes("fdab98033749d02f02a57999bbe556414868bc3846375756506317674bace604")
        #expect(hash.matches(sha256Digest: try #require(digest)))
        var other = try #require(digest)
        other[31] ^= 1
        #expect(!hash.matches(sha256Digest: other))
        #expect(!hash.matches(sha256Digest: other.prefix(31)))
        #expect(hash.stringValue == "sha256:fdab98033749d02f02a57999bbe556414868bc3846375756506317674bace604")
        #expect(APIKeyHash("sha256:abc") == nil)
        #expect(APIKeyHash("md5:fdab98033749d02f02a57999bbe556414868bc3846375756506317674bace604") == nil)
    }

    @Test func encodingRoundTrips() throws {
        let configuration = try IssuerConfiguration.load(contentsOf: Self.validURL())
        let data = try JSONEncoder().encode(configuration)
        let again = try IssuerConfiguration(jsonData: data, baseDirectory: URL(fileURLWithPath: "/nonexistent"))
        #expect(again == configuration)
    }

    @Test func missingReferencedFileNamesIssuerAndField() throws {
        let url = try Fixtures.url("Issuers/missing-reference/tpc.json")
        do {
            _ = try IssuerConfiguration.load(contentsOf: url)
            Issue.record("a configuration with a missing key file loaded")
        } catch {
            #expect(error.code == .unreadableReference)
            #expect(error.issuerId == "lost-bank")
            #expect(error.field == "issuers[0].payloadKey.privateKey")
        }
    }

    @Test func unreadableConfigurationFileIsReported() throws {
        #expect(throws: ServiceError.self) {
            try IssuerConfiguration.load(contentsOf: URL(fileURLWithPath: "/nonexistent/tpc.json"))
        }
    }

    // MARK: Mutations of the valid fixture

    /// The valid fixture with `change` applied to its JSON object.
    static func mutated(
        _ change: (inout [String: Any]) -> Void
    ) throws -> Result<IssuerConfiguration, ServiceError> {
        let url = try validURL()
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        change(&object)
        let data = try JSONSerialization.data(withJSONObject: object)
        do throws(ServiceError) {
            return .success(try IssuerConfiguration(jsonData: data, baseDirectory: url.deletingLastPathComponent()))
        } catch {
            return .failure(error)
        }
    }

    static func mutatingFirstIssuer(
        _ change: @escaping (inout [String: Any]) -> Void
    ) throws -> Result<
        IssuerConfiguration, ServiceError
    > {
        try mutated { object in
            guard var issuers = object["issuers"] as? [[String: Any]] else { return }
            change(&issuers[0])
            object["issuers"] = issuers
        }
    }

    static func expectFailure(
        _ result: Result<IssuerConfiguration, ServiceError>, code: ServiceError.Code, issuerId: String?,
        field: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .failure(let error) = result else {
            Issue.record("the configuration was accepted", sourceLocation: sourceLocation)
            return
        }
        #expect(error.code == code, sourceLocation: sourceLocation)
        #expect(error.issuerId == issuerId, sourceLocation: sourceLocation)
        #expect(error.field == field, sourceLocation: sourceLocation)
    }

    @Test func unmodifiedFixtureDecodes() throws {
        guard case .success = try Self.mutated({ _ in }) else {
            Issue.record("the valid fixture failed")
            return
        }
    }

    @Test func missingIssuerFieldNamesTheIssuer() throws {
        for field in [
            "name", "authorizationCodeKeys", "payloadKey", "allowedSchemes", "tokenRequestorIds",
            "notificationSecret", "fingerprintSecret", "activationDataSecret",
        ] {
            Self.expectFailure(
                try Self.mutatingFirstIssuer { $0[field] = nil }, code: .missingSetting, issuerId: "fixture-bank",
                field: "issuers[0].\(field)")
        }
    }

    @Test func optionalListsMayBeLeftOut() throws {
        let result = try Self.mutatingFirstIssuer {
            $0["allowedProductIds"] = nil
            $0["backOfficeAPIKeyHashes"] = nil
        }
        let configuration = try result.get()
        #expect(configuration.issuers[0].allowedProductIds.isEmpty)
        #expect(configuration.issuers[0].backOfficeAPIKeyHashes.isEmpty)
    }

    @Test func missingIdHasNoIssuerToName() throws {
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["id"] = nil }, code: .missingSetting, issuerId: nil,
            field: "issuers[0].id")
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["id"] = "has space" }, code: .invalidSetting, issuerId: nil,
            field: "issuers[0].id")
    }

    @Test func wrongTypesAreInvalidFields() throws {
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["allowedSchemes"] = "VISA" }, code: .invalidSetting,
            issuerId: "fixture-bank",
            field: "issuers[0].allowedSchemes")
        Self.expectFailure(
            try Self.mutated { $0["service"] = ["audience": "a", "sandbox": "yes"] }, code: .invalidSetting,
            issuerId: nil,
            field: "service.sandbox")
    }

    @Test func unknownFieldsAreRefused() throws {
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["notificationSecrets"] = ["value": "x"] }, code: .invalidSetting,
            issuerId: "fixture-bank", field: "issuers[0].notificationSecrets")
        Self.expectFailure(try Self.mutated { $0["extra"] = 1 }, code: .invalidSetting, issuerId: nil, field: "extra")
    }

    @Test func duplicateIssuerIdsAreRefused() throws {
        Self.expectFailure(
            try Self.mutated { object in
                guard var issuers = object["issuers"] as? [[String: Any]] else { return }
                issuers[1]["id"] = "fixture-bank"
                object["issuers"] = issuers
            }, code: .duplicateSetting, issuerId: "fixture-bank", field: "issuers[1].id")
    }

    @Test func emptyIssuerListIsRefused() throws {
        Self.expectFailure(
            try Self.mutated { $0["issuers"] = [] as [Any] }, code: .invalidSetting, issuerId: nil, field: "issuers")
    }

    @Test func payloadKeyNeedsExactlyOneSourceEach() throws {
        Self.expectFailure(
            try Self.mutatingFirstIssuer {
                $0["payloadKey"] = ["privateKeyPEM": "x", "privateKeyPEMFile": "y", "certificatePEM": "z"]
            },
            code: .invalidSetting, issuerId: "fixture-bank", field: "issuers[0].payloadKey.privateKeyPEMFile")
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["payloadKey"] = ["privateKeyPEM": "x"] }, code: .missingSetting,
            issuerId: "fixture-bank", field: "issuers[0].payloadKey.certificatePEMFile")
    }

    @Test func secretNeedsExactlyOneSource() throws {
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["fingerprintSecret"] = ["file": "a", "value": "b"] },
            code: .invalidSetting,
            issuerId: "fixture-bank", field: "issuers[0].fingerprintSecret")
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["fingerprintSecret"] = [String: Any]() }, code: .invalidSetting,
            issuerId: "fixture-bank", field: "issuers[0].fingerprintSecret")
    }

    @Test func keySetMustHoldPublicKeysWithKids() throws {
        let key: [String: Any] = ["kty": "EC", "kid": "k1", "crv": "P-256", "x": "x", "y": "y"]
        var privateKey = key
        privateKey["d"] = "private-scalar-value"
        var noKid = key
        noKid["kid"] = nil
        let cases: [(Any, ServiceError.Code, String)] = [
            (["keys": [privateKey]], .invalidSetting, "issuers[0].authorizationCodeKeys.keys[0]"),
            (["keys": [noKid]], .missingSetting, "issuers[0].authorizationCodeKeys.keys[0].kid"),
            (["keys": [key, key]], .duplicateSetting, "issuers[0].authorizationCodeKeys.keys[1].kid"),
            (["keys": [] as [Any]], .invalidSetting, "issuers[0].authorizationCodeKeys"),
            (["kty": "EC"], .invalidSetting, "issuers[0].authorizationCodeKeys"),
            (["keys": ["not a key"]], .invalidSetting, "issuers[0].authorizationCodeKeys.keys[0]"),
        ]
        for (keySet, code, field) in cases {
            let result = try Self.mutatingFirstIssuer { $0["authorizationCodeKeys"] = keySet }
            Self.expectFailure(result, code: code, issuerId: "fixture-bank", field: field)
            if case .failure(let error) = result { #expect(!error.description.contains("private-scalar-value")) }
        }
    }

    @Test func malformedAPIKeyHashIsRefusedWithoutEchoingIt() throws {
        let result = try Self.mutatingFirstIssuer { $0["backOfficeAPIKeyHashes"] = ["plain-api-key-value"] }
        Self.expectFailure(
            result, code: .invalidSetting, issuerId: "fixture-bank", field: "issuers[0].backOfficeAPIKeyHashes[0]")
        if case .failure(let error) = result { #expect(!error.description.contains("plain-api-key-value")) }
    }

    @Test func listsAreChecked() throws {
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["allowedSchemes"] = [] as [Any] }, code: .invalidSetting,
            issuerId: "fixture-bank", field: "issuers[0].allowedSchemes")
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["allowedSchemes"] = ["visa", "VISA"] }, code: .duplicateSetting,
            issuerId: "fixture-bank", field: "issuers[0].allowedSchemes")
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["tokenRequestorIds"] = [] as [Any] }, code: .invalidSetting,
            issuerId: "fixture-bank", field: "issuers[0].tokenRequestorIds")
        Self.expectFailure(
            try Self.mutatingFirstIssuer { $0["allowedProductIds"] = ["ok", "not ok"] }, code: .invalidSetting,
            issuerId: "fixture-bank", field: "issuers[0].allowedProductIds[1]")
    }

    @Test func secretsThatAreTooShortOrMalformedFailWithoutTheirValue() throws {
        let cases: [(String, String)] = [
            ("short-secret", "too short"), ("hex:zz", "bad hex"), ("base64:!!!", "bad base64"),
            ("hex:00", "too short after decoding"),
        ]
        for (value, _) in cases {
            let configuration = try Self.mutatingFirstIssuer { $0["fingerprintSecret"] = ["value": value] }.get()
            do {
                try configuration.checkReferences()
                Issue.record("secret \(value.count) characters long was accepted")
            } catch {
                #expect(error.issuerId == "fixture-bank")
                #expect(error.field == "issuers[0].fingerprintSecret")
                #expect(!error.description.contains(value))
            }
        }
    }

    @Test func identicalSecretsAreRefused() throws {
        Self.expectFailure(
            try Self.mutatingFirstIssuer {
                $0["notificationSecret"] = ["value": "same-secret-0123456789abcdef0123456789"]
                $0["fingerprintSecret"] = ["value": "same-secret-0123456789abcdef0123456789"]
            }, code: .duplicateSetting, issuerId: "fixture-bank", field: "issuers[0].notificationSecret")
    }

    @Test func serviceSettingsAreChecked() throws {
        let configuration = try Self.mutated { $0["service"] = ["audience": "https://a.example"] }.get()
        #expect(configuration.service.basePath == "/mg/tpc")
        #expect(configuration.service.authorizationCodeMaxLifetimeSeconds == 300)
        #expect(configuration.service.sandbox == false)
        #expect(try Self.mutated { $0["service"] = ["audience": "a", "basePath": ""] }.get().service.basePath == "")

        let invalid: [([String: Any], ServiceError.Code, String)] = [
            ([:], .missingSetting, "service.audience"),
            (["audience": ""], .invalidSetting, "service.audience"),
            (["audience": "a", "basePath": "mg/tpc"], .invalidSetting, "service.basePath"),
            (["audience": "a", "basePath": "/mg/tpc/"], .invalidSetting, "service.basePath"),
            (["audience": "a", "basePath": "/mg/../tpc"], .invalidSetting, "service.basePath"),
            (["audience": "a", "basePath": "/mg tpc"], .invalidSetting, "service.basePath"),
            (
                ["audience": "a", "authorizationCodeMaxLifetimeSeconds": 0], .invalidSetting,
                "service.authorizationCodeMaxLifetimeSeconds"
            ),
            (
                ["audience": "a", "authorizationCodeMaxLifetimeSeconds": 86400], .invalidSetting,
                "service.authorizationCodeMaxLifetimeSeconds"
            ),
        ]
        for (service, code, field) in invalid {
            Self.expectFailure(try Self.mutated { $0["service"] = service }, code: code, issuerId: nil, field: field)
        }
        Self.expectFailure(
            try Self.mutated { $0["service"] = nil }, code: .missingSetting, issuerId: nil, field: "service")
    }

    @Test func notJSONIsReported() throws {
        do {
            _ = try IssuerConfiguration(jsonData: Data("{issuers".utf8), baseDirectory: URL(fileURLWithPath: "/"))
            Issue.record("garbage was accepted")
        } catch {
            #expect(error.code == .invalidJSON)
        }
    }

    @Test func inlineSecretsNeverAppearInDescriptions() throws {
        let configuration = try IssuerConfiguration.load(contentsOf: Self.validURL())
        let inline = try #require(configuration.issuer(withId: "inline-bank"))
        var dumped = ""
        dump(inline, to: &dumped)
        for text in [String(describing: inline), String(reflecting: inline), dumped] {
            #expect(!text.contains("inline-notification-secret"))
            #expect(!text.contains("BEGIN PRIVATE KEY"))
        }
    }
}
