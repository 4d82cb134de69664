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

    @Test func mdesSettingsRoundTrip() throws {
        let configuration = try Self.with { $0["timeoutSeconds"] = 5 }.get()
        let encoded = try JSONEncoder().encode(configuration.issuers[0].mdes)
        #expect(try JSONDecoder().decode(MDESSettings.self, from: encoded) == configuration.issuers[0].mdes)
    }
}
