import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct CertificateBuilderTests {
    @Test func issuedChainHasTheRequestedShape() async throws {
        let sandbox = try SandboxChain()
        #expect(sandbox.root.subject == sandbox.root.issuer)
        #expect(sandbox.root.basicConstraints == .ca())
        #expect(sandbox.root.keyUsage == [.keyCertSign, .cRLSign])
        #expect(sandbox.intermediate.basicConstraints == .ca(pathLengthConstraint: 0))
        #expect(sandbox.intermediate.issuer == sandbox.root.subject)
        #expect(sandbox.intermediate.extension(oid: ApplePayIssuerEncryptionPolicy.intermediateMarkerOID) != nil)
        #expect(sandbox.leaf.keyUsage == [.keyEncipherment, .keyAgreement])
        #expect(sandbox.leaf.extension(oid: "2.5.29.15")?.isCritical == true)
        #expect(sandbox.leaf.extension(oid: "2.5.29.19")?.isCritical == true)
        #expect(sandbox.leaf.extension(oid: ApplePayIssuerEncryptionPolicy.leafMarkerOID) == SandboxChain.leafMarker)
        #expect(sandbox.leaf.notValidBefore == TestDates.utc(2025, 6, 1))
        #expect(sandbox.leaf.notValidAfter == TestDates.utc(2027, 6, 1))
        #expect(sandbox.root.subject.country == "US")
    }

    @Test func keyIdentifiersLinkEachCertificateToItsIssuer() async throws {
        let sandbox = try SandboxChain()
        let skiOID = "2.5.29.14"
        let akiOID = "2.5.29.35"
        for (child, parent) in [(sandbox.leaf, sandbox.intermediate), (sandbox.intermediate, sandbox.root)] {
            let ski = try #require(parent.extension(oid: skiOID)).value  // OCTET STRING (04 14 …)
            let aki = try #require(child.extension(oid: akiOID)).value  // SEQUENCE { [0] keyIdentifier }
            #expect(ski.count == 22)
            #expect(Array(aki.suffix(20)) == Array(ski.suffix(20)))
        }
    }

    @Test func serialNumbersAreRandomPositiveSixteenBytes() async throws {
        let key = AnyPrivateKey.p256(try P256.PrivateKey())
        let builder = CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(commonName: "Serial Test"), publicKey: key.publicKey,
            notValidBefore: TestDates.utc(2025, 1, 1), notValidAfter: TestDates.utc(2026, 1, 1))
        let serials = try (0..<8).map { _ in try builder.selfSigned(with: key).serialNumber }
        #expect(Set(serials).count == serials.count)
        for serial in serials {
            #expect(serial.count == 16)
            #expect(serial[0] & 0x80 == 0)
        }
    }

    @Test func explicitSerialIsUsed() async throws {
        let key = AnyPrivateKey.p256(try P256.PrivateKey())
        var builder = CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(commonName: "Serial Test"), publicKey: key.publicKey,
            notValidBefore: TestDates.utc(2025, 1, 1), notValidAfter: TestDates.utc(2026, 1, 1))
        builder.serialNumber = [0x01, 0x02, 0x03]
        #expect(try builder.selfSigned(with: key).serialNumberHex == "010203")
    }

    @Test func rsaIssuerSignsWithRSASHA256() async throws {
        let key = AnyPrivateKey.rsa(try RSA.PrivateKey(bits: 2048))
        let root = try CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(commonName: "RSA Root"), publicKey: key.publicKey,
            notValidBefore: TestDates.utc(2025, 1, 1), notValidAfter: TestDates.utc(2030, 1, 1)
        ).selfSigned(with: key)
        let chain = try CertificateChainVerifier(trustedRoots: [root]).verify([root], at: TestDates.now)
        #expect(chain.certificates == [root])
        #expect(try root.publicKey == key.publicKey)
    }

    @Test func mismatchedSigningKeysAreRefused() async throws {
        let sandbox = try SandboxChain()
        let stranger = AnyPrivateKey.p256(try P256.PrivateKey())
        let builder = CertificateBuilder.endEntity(
            subject: DistinguishedName(commonName: "Leaf"), publicKey: sandbox.leafKey.publicKey,
            keyUsage: [.keyAgreement], notValidBefore: TestDates.utc(2025, 1, 1),
            notValidAfter: TestDates.utc(2026, 1, 1))
        let signError = #expect(throws: CryptoError.self) {
            try builder.signed(by: sandbox.intermediate, key: stranger)
        }
        #expect(signError?.code == .invalidArgument)
        let selfError = #expect(throws: CryptoError.self) { try builder.selfSigned(with: stranger) }
        #expect(selfError?.code == .invalidArgument)
    }

    @Test func invertedValidityIsRefused() async throws {
        let key = AnyPrivateKey.p256(try P256.PrivateKey())
        let builder = CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(commonName: "Backwards"), publicKey: key.publicKey,
            notValidBefore: TestDates.utc(2026, 1, 1), notValidAfter: TestDates.utc(2025, 1, 1))
        let error = #expect(throws: CryptoError.self) { try builder.selfSigned(with: key) }
        #expect(error?.code == .invalidArgument)
    }

    @Test func invalidCountryIsRefused() async throws {
        let key = AnyPrivateKey.p256(try P256.PrivateKey())
        let builder = CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(commonName: "X", country: "USA"), publicKey: key.publicKey,
            notValidBefore: TestDates.utc(2025, 1, 1), notValidAfter: TestDates.utc(2026, 1, 1))
        let error = #expect(throws: CryptoError.self) { try builder.selfSigned(with: key) }
        #expect(error?.code == .invalidArgument)
    }

    // MARK: Interoperability with the openssl CLI

    @Test func issuedChainPassesOpenSSLVerify() async throws {
        let sandbox = try SandboxChain()
        let cli = try OpenSSLCommandLine()
        defer { cli.remove() }
        try cli.write("root.pem", sandbox.root.pemRepresentation)
        try cli.write("inter.pem", sandbox.intermediate.pemRepresentation)
        try cli.write("leaf.pem", sandbox.leaf.pemRepresentation)
        let attime = String(Int(TestDates.now.timeIntervalSince1970))
        // OpenSSL refuses critical extensions it does not know, such as Apple's
        // leaf marker: -ignore_critical is what a relying party that checks the
        // marker itself must do (our verifier accepts exactly the policy's OIDs).
        let verified = try await cli.run([
            "verify", "-attime", attime, "-ignore_critical", "-CAfile", "root.pem", "-untrusted", "inter.pem",
            "leaf.pem",
        ])
        #expect(verified.status == 0, "\(verified.errorOutput)")
        #expect(verified.output.contains("leaf.pem: OK"))

        let strict = try await cli.run([
            "verify", "-attime", attime, "-CAfile", "root.pem", "-untrusted", "inter.pem", "leaf.pem",
        ])
        #expect(strict.status != 0)
        #expect(
            strict.output.contains("unhandled critical extension")
                || strict.errorOutput.contains("unhandled critical extension"))

        let intermediateOnly = try await cli.run(["verify", "-attime", attime, "-CAfile", "root.pem", "inter.pem"])
        #expect(intermediateOnly.status == 0, "\(intermediateOnly.errorOutput)")
    }

    @Test func issuedLeafWithoutMarkerPassesPlainOpenSSLVerify() async throws {
        var options = SandboxChain.Options()
        options.leafExtensions = []
        let sandbox = try SandboxChain(options)
        let cli = try OpenSSLCommandLine()
        defer { cli.remove() }
        try cli.write("root.pem", sandbox.root.pemRepresentation)
        try cli.write("inter.pem", sandbox.intermediate.pemRepresentation)
        try cli.write("leaf.pem", sandbox.leaf.pemRepresentation)
        let result = try await cli.run([
            "verify", "-attime", String(Int(TestDates.now.timeIntervalSince1970)), "-CAfile", "root.pem", "-untrusted",
            "inter.pem", "leaf.pem",
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test func openSSLTextShowsMarkerAsCritical() async throws {
        let sandbox = try SandboxChain()
        let cli = try OpenSSLCommandLine()
        defer { cli.remove() }
        try cli.write("leaf.der", sandbox.leaf.derRepresentation)
        let result = try await cli.run(["x509", "-inform", "DER", "-in", "leaf.der", "-noout", "-text"])
        #expect(result.status == 0)
        #expect(result.output.contains("1.2.840.113635.100.6.39: critical"))
        #expect(result.output.contains("X509v3 Key Usage: critical"))
        #expect(result.output.contains("Key Encipherment, Key Agreement"))
        #expect(result.output.contains("Signature Algorithm: ecdsa-with-SHA256"))
        #expect(result.output.contains("CN = PushProvisioning Sandbox WWDR CA"))
    }
}
