import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct ServiceSelfCheckTests {
    static func configuration() throws -> IssuerConfiguration {
        try IssuerConfiguration.load(contentsOf: try Fixtures.url("Issuers/valid/tpc.json"))
    }

    /// Inside the validity of Apple Root CA - G3 (2014–2039) and of both fixture payload certificates.
    static let validInstant = Instants.utc(2028, 1, 1, 0, 0, 0)

    @Test func startUpPassesWithTheBuiltInDocumentAndValidCertificates() throws {
        let check = try ServiceSelfCheck.startUp(
            configuration: try Self.configuration(), pinnedRoots: [try TrustAnchors.appleRootCAG3],
            now: Self.validInstant)
        #expect(
            check.certificates.map(\.name) == [
                "pinned root Apple Root CA - G3", "payload certificate of issuer fixture-bank",
                "payload certificate of issuer inline-bank",
            ])
        #expect(check.certificateReadiness(now: Self.validInstant) == ReadinessCheck(name: "certificates", status: .up))
    }

    @Test func documentThatDoesNotParseStopsTheStart() throws {
        #expect {
            try ServiceSelfCheck.startUp(
                configuration: try Self.configuration(), pinnedRoots: [], openAPIDocument: Data("{\"openapi\"".utf8),
                now: Self.validInstant)
        } throws: { error in
            (error as? ServiceError)?.field == "(built-in) openapi.json"
        }
    }

    @Test func expiredPinnedRootStopsTheStartNamingIt() throws {
        let after = Instants.utc(2039, 5, 1, 0, 0, 0)
        #expect {
            try ServiceSelfCheck.startUp(
                configuration: try Self.configuration(), pinnedRoots: [try TrustAnchors.appleRootCAG3], now: after)
        } throws: { error in
            let error = error as? ServiceError
            return error?.code == .unusableCertificate && error?.field == "pinned root Apple Root CA - G3"
                && error?.detail.hasPrefix("expired at 2039-04-30") == true
        }
    }

    @Test func readinessGoesDownWhenALoadedCertificateExpires() throws {
        let check = try ServiceSelfCheck.startUp(
            configuration: try Self.configuration(), pinnedRoots: [try TrustAnchors.appleRootCAG3],
            now: Self.validInstant)
        let later = check.certificateReadiness(now: Instants.utc(2037, 1, 1, 0, 0, 0))
        #expect(later.status == .down)
        #expect(later.detail?.hasPrefix("the payload certificate of issuer fixture-bank expired at") == true)
    }

    @Test func missingKeyFileStopsTheStartNamingTheFile() throws {
        var configuration = try Self.configuration()
        let missing = URL(fileURLWithPath: "/nonexistent/payload-key.pem")
        configuration.issuers[0].payloadKey.privateKey = .file(missing)
        #expect {
            try ServiceSelfCheck.startUp(configuration: configuration, pinnedRoots: [], now: Self.validInstant)
        } throws: { error in
            let error = error as? ServiceError
            return error?.code == .unreadableReference && error?.issuerId == "fixture-bank"
                && error?.detail.contains(missing.path) == true
        }
    }
}
