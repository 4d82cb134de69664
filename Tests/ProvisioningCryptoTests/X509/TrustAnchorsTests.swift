import Foundation
import Testing

@testable import ProvisioningCrypto

/// Apple's certificates are compiled in from `Sources/ProvisioningCrypto/Resources`
/// (scripts/embed-resources.py): the PEM files stay the one source of truth.
@Suite(.timeLimit(.minutes(3))) struct TrustAnchorsTests {
    /// This file is Tests/ProvisioningCryptoTests/X509/TrustAnchorsTests.swift.
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ProvisioningCrypto/Resources")

    static let stale = "Sources/ProvisioningCrypto/Generated/TrustAnchors+Embedded.swift is stale: run `make generate`"

    @Test(arguments: [
        ("AppleRootCA-G3.pem", TrustAnchors.appleRootCAG3PEM), ("AppleWWDRCA-G2.pem", TrustAnchors.appleWWDRCAG2PEM),
    ])
    func compiledCertificateHasTheBytesOfTheCheckedInFile(file: String, compiled: String) throws {
        let checkedIn = try Data(contentsOf: Self.resources.appendingPathComponent(file))
        #expect(Data(compiled.utf8) == checkedIn, "\(file): \(Self.stale)")
    }

    @Test func compiledCertificatesParseAsTheFilesDo() throws {
        let root = try String(contentsOf: Self.resources.appendingPathComponent("AppleRootCA-G3.pem"), encoding: .utf8)
        let wwdr = try String(contentsOf: Self.resources.appendingPathComponent("AppleWWDRCA-G2.pem"), encoding: .utf8)
        #expect(try TrustAnchors.appleRootCAG3 == Certificate(pemRepresentation: root))
        #expect(try TrustAnchors.appleWWDRCAG2 == Certificate(pemRepresentation: wwdr))
    }
}
