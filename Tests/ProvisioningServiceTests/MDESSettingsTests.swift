import Foundation
import Testing

@testable import ProvisioningService

/// The issuer's `mdes` member: how Mastercard tokens reach MDES.
@Suite(.timeLimit(.minutes(3))) struct MDESSettingsTests {
    static var valid: [String: Any] {
        [
            "baseURL": "https://api.mastercard.com/mdes/csapi/v2", "consumerKey": "abc!123",
            "signingKeyPEM": "-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----\n",
            "tavKeyPEMFile": "keys/tav-key.pem",
        ]
    }

    static func with(
        _ change: @escaping (inout [String: Any]) -> Void
    ) throws -> Result<IssuerConfiguration, ServiceError> {
        try IssuerConfigurationTests.mutatingFirstIssuer { issuer in
            var mdes = Self.valid
            change(&mdes)
            issuer["mdes"] = mdes
        }
    }

    @Test func anIssuerMayRouteItsMastercardTokensToMDES() throws {
        let configuration = try Self.with { _ in }.get()
        let mdes = try #require(configuration.issuers[0].mdes)
        #expect(mdes.baseURL == MDESSettings.productionBaseURL)
        #expect(mdes.consumerKey == "abc!123")
        #expect(mdes.timeoutSeconds == MDESSettings.defaultTimeoutSeconds)
        guard case .file(let tav) = mdes.tavKey else {
            Issue.record("the TAV key is not a file reference")
            return
        }
        #expect(tav.lastPathComponent == "tav-key.pem")
        #expect(mdes.signingKey.description == "PEMSource.inline(redacted)")
        #expect(try IssuerConfigurationTests.mutatingFirstIssuer { _ in }.get().issuers[0].mdes == nil)
    }

    @Test func mdesSettingsAreCheckedAndNamed() throws {
        let cases: [(String, ServiceError.Code, (inout [String: Any]) -> Void)] = [
            ("consumerKey", .missingSetting, { $0["consumerKey"] = nil }),
            ("consumerKey", .invalidSetting, { $0["consumerKey"] = "a\"b" }),
            ("signingKeyPEMFile", .missingSetting, { $0["signingKeyPEM"] = nil }),
            ("baseURL", .invalidSetting, { $0["baseURL"] = "ftp://api.mastercard.com/mdes" }),
            ("timeoutSeconds", .invalidSetting, { $0["timeoutSeconds"] = 600 }),
            (
                "tavKeyPEMFile", .duplicateSetting,
                {
                    $0["tavKeyPEMFile"] = nil
                    $0["tavKeyPEM"] = $0["signingKeyPEM"]
                }
            ),
            ("sandboxURL", .invalidSetting, { $0["sandboxURL"] = "http://x" }),
        ]
        for (field, code, change) in cases {
            IssuerConfigurationTests.expectFailure(
                try Self.with(change), code: code, issuerId: "fixture-bank", field: "issuers[0].mdes.\(field)")
        }
    }

    @Test func mdesNeedsMastercardAmongTheAllowedSchemes() throws {
        IssuerConfigurationTests.expectFailure(
            try IssuerConfigurationTests.mutatingFirstIssuer { issuer in
                issuer["mdes"] = Self.valid
                issuer["allowedSchemes"] = ["VISA"]
            }, code: .invalidSetting, issuerId: "fixture-bank", field: "issuers[0].mdes")
    }

    @Test func theSigningKeyMayBeAPKCS12FileWithItsPasswordInAnEnvironmentVariable() throws {
        let configuration = try Self.with {
            $0["signingKeyPEM"] = nil
            $0["signingKeyP12File"] = "keys/mdes-signing.p12"
            $0["signingKeyP12PasswordVariable"] = "BANK_MDES_P12_PASSWORD"
        }.get()
        let mdes = try #require(configuration.issuers[0].mdes)
        guard case .pkcs12(let file, let variable) = mdes.signingKey else {
            Issue.record("the signing key is not a PKCS #12 reference: \(mdes.signingKey)")
            return
        }
        #expect(file.lastPathComponent == "mdes-signing.p12" && file.path.hasPrefix("/"))
        #expect(variable == "BANK_MDES_P12_PASSWORD")
        let encoded = try JSONEncoder().encode(mdes)
        #expect(try JSONDecoder().decode(MDESSettings.self, from: encoded) == mdes)
        #expect(!String(decoding: encoded, as: UTF8.self).contains("signingKeyPEM"))
    }

    @Test func aPKCS12SigningKeyIsCheckedAndNamed() throws {
        let cases: [(String, ServiceError.Code, (inout [String: Any]) -> Void)] = [
            (
                "signingKeyP12PasswordVariable", .missingSetting,
                {
                    $0["signingKeyPEM"] = nil
                    $0["signingKeyP12File"] = "k.p12"
                }
            ),
            ("signingKeyP12File", .invalidSetting, { $0["signingKeyP12File"] = "k.p12" }),
            ("signingKeyP12PasswordVariable", .invalidSetting, { $0["signingKeyP12PasswordVariable"] = "PASS" }),
            (
                "signingKeyP12PasswordVariable", .invalidSetting,
                {
                    $0["signingKeyPEM"] = nil
                    $0["signingKeyP12File"] = "k.p12"
                    $0["signingKeyP12PasswordVariable"] = "1$PASS"
                }
            ),
        ]
        for (field, code, change) in cases {
            IssuerConfigurationTests.expectFailure(
                try Self.with(change), code: code, issuerId: "fixture-bank", field: "issuers[0].mdes.\(field)")
        }
    }

    @Test func aPKCS12KeyThatCannotBeOpenedIsNamedWithoutItsPassword() throws {
        let missing = MDESSigningKeySource.pkcs12(
            file: URL(fileURLWithPath: "/nonexistent/mdes.p12"), passwordVariable: "P12_PASSWORD")
        #expect(throws: ServiceError.self) { try missing.privateKey(field: "mdes.signingKey", environment: [:]) }

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-p12-\(UUID().uuidString)")
        try Data("not PKCS #12".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let source = MDESSigningKeySource.pkcs12(file: file, passwordVariable: "P12_PASSWORD")
        let unset = #expect(throws: ServiceError.self) { try source.privateKey(field: "f", environment: [:]) }
        #expect(unset?.code == .unreadableReference)
        #expect(unset?.detail.contains("P12_PASSWORD") == true)
        let garbage = #expect(throws: ServiceError.self) {
            try source.privateKey(field: "f", environment: ["P12_PASSWORD": "hunter2"])
        }
        #expect(garbage?.code == .invalidSetting)
        #expect(garbage.map { !"\($0)".contains("hunter2") } == true)
    }

    @Test func mdesSettingsRoundTrip() throws {
        let configuration = try Self.with { $0["timeoutSeconds"] = 5 }.get()
        let encoded = try JSONEncoder().encode(configuration.issuers[0].mdes)
        #expect(try JSONDecoder().decode(MDESSettings.self, from: encoded) == configuration.issuers[0].mdes)
    }
}
