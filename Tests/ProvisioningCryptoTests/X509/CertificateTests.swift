import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct CertificateTests {
    static let appleRootFingerprint =
        "63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79"
    static let appleWWDRFingerprint =
        "9E:D4:B3:B8:8C:6A:33:9C:F1:38:78:95:BD:A9:CA:6E:A3:1A:6B:5C:E9:ED:F7:51:18:45:92:3B:0C:8A:C9:4C"

    @Test func shippedAppleRootHasPinnedFingerprint() throws {
        let root = try TrustAnchors.appleRootCAG3
        #expect(root.sha256FingerprintHex == Self.appleRootFingerprint)
        #expect(root.subject.commonName == "Apple Root CA - G3")
        #expect(root.subject == root.issuer)
        #expect(root.isCA)
        #expect(root.keyUsage == [.keyCertSign, .cRLSign])
        #expect(root.notValidAfter == TestDates.utc(2039, 4, 30).addingTimeInterval(18 * 3600 + 19 * 60 + 6))
    }

    @Test func shippedAppleIntermediateHasPinnedFingerprintAndMarker() throws {
        let wwdr = try TrustAnchors.appleWWDRCAG2
        #expect(wwdr.sha256FingerprintHex == Self.appleWWDRFingerprint)
        #expect(wwdr.subject.commonName == ApplePayIssuerEncryptionPolicy.productionIntermediateCommonName)
        #expect(wwdr.issuer.commonName == "Apple Root CA - G3")
        // Apple encodes CN first, so RFC 4514 order (last RDN first) starts with C;
        // this is what `openssl x509 -subject -nameopt RFC2253` prints.
        #expect(
            wwdr.subject.description
                == "C=US,O=Apple Inc.,OU=Apple Certification Authority,CN=Apple Worldwide Developer Relations CA - G2")
        #expect(wwdr.serialNumberHex == "6fefd8f5e9a3a7ee")
        let marker = try #require(wwdr.extension(oid: ApplePayIssuerEncryptionPolicy.intermediateMarkerOID))
        #expect(marker.value == [0x05, 0x00])
        #expect(!marker.isCritical)
        guard case .p256 = try wwdr.publicKey else {
            Issue.record("WWDR G2 key should be P-256")
            return
        }
    }

    @Test func appleRootKeyIsP384AndReportedUnsupported() throws {
        let root = try TrustAnchors.appleRootCAG3
        let error = #expect(throws: CryptoError.self) { try root.publicKey }
        #expect(error?.code == .unsupportedPublicKey)
    }

    @Test func derAndPEMRoundTrip() throws {
        let wwdr = try TrustAnchors.appleWWDRCAG2
        let fromDER = try Certificate(derRepresentation: wwdr.derRepresentation)
        #expect(fromDER == wwdr)
        let fromPEM = try Certificate(pemRepresentation: wwdr.pemRepresentation)
        #expect(fromPEM.derRepresentation == wwdr.derRepresentation)
        #expect(wwdr.pemRepresentation.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
    }

    @Test func pemBundleParsesInOrder() throws {
        let root = try TrustAnchors.appleRootCAG3
        let wwdr = try TrustAnchors.appleWWDRCAG2
        let bundle = "leading text\n" + wwdr.pemRepresentation + "\n" + root.pemRepresentation + "trailing\n"
        let chain = try Certificate.parseChain(pem: bundle)
        #expect(chain == [wwdr, root])
        let error = #expect(throws: CryptoError.self) { try Certificate(pemRepresentation: bundle) }
        #expect(error?.code == .malformedCertificate)
    }

    @Test func pemWithoutCertificateIsRefused() throws {
        let key = try P256.PrivateKey().pemRepresentation
        for text in ["", "no pem here", key] {
            let error = #expect(throws: CryptoError.self) { try Certificate.parseChain(pem: text) }
            #expect(error?.code == .malformedCertificate)
        }
    }

    @Test func trailingBytesAreRefused() throws {
        let der = try TrustAnchors.appleWWDRCAG2.derRepresentation
        let error = #expect(throws: CryptoError.self) { try Certificate(derRepresentation: der + [0x00]) }
        #expect(error?.code == .malformedCertificate)
    }

    @Test func truncatedAndRandomBytesAreRefused() throws {
        let der = try TrustAnchors.appleWWDRCAG2.derRepresentation
        for length in [0, 1, 4, der.count / 2, der.count - 1] {
            let error = #expect(throws: CryptoError.self) {
                try Certificate(derRepresentation: der.prefix(length))
            }
            #expect(error?.code == .malformedCertificate)
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let random = (0..<Int.random(in: 1...1200, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            let error = #expect(throws: CryptoError.self) { try Certificate(derRepresentation: random) }
            #expect(error?.code == .malformedCertificate)
        }
    }

    @Test func certificateWrittenByOpenSSLCLIExposesItsFields() throws {
        let leaf = try Certificate(pemRepresentation: FixtureFiles.text("x509", "openssl-leaf.pem"))
        #expect(leaf.subject.commonName == "Fixture Apple Pay Leaf")
        #expect(leaf.subject.organization == "PushProvisioning Fixtures")
        #expect(leaf.subject.organizationalUnit == "OpenSSL CLI")
        #expect(leaf.subject.country == "US")
        #expect(leaf.issuer.commonName == "Fixture WWDR CA")
        #expect(leaf.serialNumber == [0x30, 0x03])
        #expect(leaf.keyUsage == [.keyEncipherment, .keyAgreement])
        #expect(leaf.basicConstraints == .notCA)
        #expect(!leaf.isCA)
        let marker = try #require(leaf.extension(oid: ApplePayIssuerEncryptionPolicy.leafMarkerOID))
        #expect(marker.isCritical)
        #expect(marker.value == [0x05, 0x00])
        #expect(leaf.extensions.map(\.oid).contains("2.5.29.14"))
        #expect(leaf.notValidAfter.timeIntervalSince(leaf.notValidBefore) == 6000 * 86400)

        let intermediate = try Certificate(pemRepresentation: FixtureFiles.text("x509", "openssl-intermediate.pem"))
        #expect(intermediate.basicConstraints == .ca(pathLengthConstraint: 0))
        let root = try Certificate(pemRepresentation: FixtureFiles.text("x509", "openssl-root.pem"))
        #expect(root.basicConstraints == .ca())
    }

    @Test func distinguishedNameEscapesRFC4514SpecialCharacters() {
        let name = DistinguishedName(commonName: "Doe, John +1", organization: " Lead#", country: "US")
        #expect(name.description == #"CN=Doe\, John \+1,O=\ Lead#,C=US"#)
    }
}
