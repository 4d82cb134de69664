import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct CertificateChainVerifierTests {
    // MARK: Apple's certificates

    @Test func appleIntermediateVerifiesAgainstAppleRootWithinValidity() throws {
        let verifier = CertificateChainVerifier(trustedRoots: [try TrustAnchors.appleRootCAG3])
        let wwdr = try TrustAnchors.appleWWDRCAG2
        let chain = try verifier.verify([wwdr], at: TestDates.now)
        #expect(chain.certificates == [wwdr, try TrustAnchors.appleRootCAG3])
        #expect(chain.root == (try TrustAnchors.appleRootCAG3))
    }

    @Test func appleIntermediateIsExpiredAfterMay2029() throws {
        let verifier = CertificateChainVerifier(trustedRoots: [try TrustAnchors.appleRootCAG3])
        let code = CryptoError.code {
            try verifier.verify([try TrustAnchors.appleWWDRCAG2], at: TestDates.utc(2029, 5, 7))
        }
        #expect(code == .expired)
    }

    @Test func appleIntermediateIsRefusedWhenOnlyItselfIsPinned() throws {
        // PARTIAL_CHAIN is off: pinning an intermediate does not make it an anchor.
        let wwdr = try TrustAnchors.appleWWDRCAG2
        let verifier = CertificateChainVerifier(trustedRoots: [wwdr])
        #expect(CryptoError.code { try verifier.verify([wwdr], at: TestDates.now) } == .untrustedRoot)
    }

    @Test func sandboxChainIsRefusedUnderProductionPolicyAndAppleRoot() throws {
        let sandbox = try SandboxChain()
        let apple = CertificateChainVerifier(trustedRoots: [try TrustAnchors.appleRootCAG3])
        #expect(
            CryptoError.code {
                try apple.verify(
                    derChain: sandbox.presentedDER, at: TestDates.now, policy: ApplePayIssuerEncryptionPolicy.production
                )
            }
                == .untrustedRoot)
        #expect(
            CryptoError.code {
                try sandbox.verifier.verify(
                    sandbox.presented, at: TestDates.now, policy: ApplePayIssuerEncryptionPolicy.production)
            }
                == .intermediateMismatch)
    }

    // MARK: Sandbox chain

    @Test func appleShapedSandboxChainVerifiesUnderApplePolicy() throws {
        let sandbox = try SandboxChain()
        let chain = try sandbox.verifier.verify(
            derChain: sandbox.presentedDER, at: TestDates.now, policy: SandboxChain.policy)
        #expect(chain.certificates == [sandbox.leaf, sandbox.intermediate, sandbox.root])
        #expect(chain.leaf == sandbox.leaf)
        #expect(chain.intermediates == [sandbox.intermediate])
        #expect(try chain.leaf.publicKey == sandbox.leafKey.publicKey)
    }

    @Test func chainFromOpenSSLCLIVerifiesUnderApplePolicy() throws {
        let root = try Certificate(pemRepresentation: FixtureFiles.text("x509", "openssl-root.pem"))
        let intermediate = try Certificate(pemRepresentation: FixtureFiles.text("x509", "openssl-intermediate.pem"))
        let leaf = try Certificate(pemRepresentation: FixtureFiles.text("x509", "openssl-leaf.pem"))
        let verifier = CertificateChainVerifier(trustedRoots: [root])
        let date = leaf.notValidBefore.addingTimeInterval(86400)
        let chain = try verifier.verify(
            [leaf, intermediate], at: date,
            policy: ApplePayIssuerEncryptionPolicy.sandbox(intermediateCommonName: "Fixture WWDR CA"))
        #expect(chain.root == root)
    }

    @Test func wrongRootIsRefused() throws {
        let sandbox = try SandboxChain()
        let other = try SandboxChain()
        let verifier = CertificateChainVerifier(trustedRoots: [other.root, try TrustAnchors.appleRootCAG3])
        #expect(
            CryptoError.code { try verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy) }
                == .untrustedRoot)
    }

    @Test func rootWithSameNameButOtherKeyIsRefused() throws {
        let sandbox = try SandboxChain()
        let impostor = try SandboxChain()  // same names, other keys
        let verifier = CertificateChainVerifier(trustedRoots: [impostor.root])
        let code = CryptoError.code {
            try verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .untrustedRoot)
    }

    @Test func expiredLeafIsRefused() throws {
        var options = SandboxChain.Options()
        options.leafNotBefore = TestDates.utc(2024, 1, 1)
        options.leafNotAfter = TestDates.utc(2025, 12, 31)
        let sandbox = try SandboxChain(options)
        #expect(
            CryptoError.code {
                try sandbox.verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy)
            }
                == .expired)
    }

    @Test func notYetValidLeafIsRefused() throws {
        var options = SandboxChain.Options()
        options.leafNotBefore = TestDates.utc(2026, 1, 2)
        let sandbox = try SandboxChain(options)
        let code = CryptoError.code {
            try sandbox.verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .notYetValid)
    }

    @Test func missingLeafMarkerIsRefused() throws {
        var options = SandboxChain.Options()
        options.leafExtensions = []
        let sandbox = try SandboxChain(options)
        let code = CryptoError.code {
            try sandbox.verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .missingLeafMarker)
        // Without the policy the same chain is a valid path.
        #expect(try sandbox.verifier.verify(sandbox.presented, at: TestDates.now).certificates.count == 3)
    }

    @Test func digitalSignatureOnlyLeafIsRefused() throws {
        var options = SandboxChain.Options()
        options.leafKeyUsage = [.digitalSignature]
        let sandbox = try SandboxChain(options)
        let code = CryptoError.code {
            try sandbox.verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .invalidKeyUsage)
    }

    @Test func leafWithKeyEnciphermentButNoKeyAgreementIsRefused() throws {
        var options = SandboxChain.Options()
        options.leafKeyUsage = [.keyEncipherment]
        let sandbox = try SandboxChain(options)
        let code = CryptoError.code {
            try sandbox.verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .invalidKeyUsage)
    }

    @Test func swappedLeafAndIntermediateAreRefused() throws {
        let sandbox = try SandboxChain()
        let swapped = [sandbox.intermediate.derRepresentation, sandbox.leaf.derRepresentation]
        let code = CryptoError.code {
            try sandbox.verifier.verify(derChain: swapped, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .chainOutOfOrder)
        // The generic check catches it without a policy as well.
        #expect(
            CryptoError.code { try sandbox.verifier.verify(derChain: swapped, at: TestDates.now) } == .chainOutOfOrder)
    }

    @Test func truncatedDERIsRefused() throws {
        let sandbox = try SandboxChain()
        let truncated = [Array(sandbox.leaf.derRepresentation.dropLast(10)), sandbox.intermediate.derRepresentation]
        let code = CryptoError.code {
            try sandbox.verifier.verify(derChain: truncated, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .malformedCertificate)
    }

    @Test func randomBytesAreRefused() throws {
        let sandbox = try SandboxChain()
        let random = (0..<600).map { _ in UInt8.random(in: 0...255) }
        let code = CryptoError.code {
            try sandbox.verifier.verify(
                derChain: [random, sandbox.intermediate.derRepresentation], at: TestDates.now,
                policy: SandboxChain.policy)
        }
        #expect(code == .malformedCertificate)
    }

    @Test func emptyChainIsRefused() throws {
        let sandbox = try SandboxChain()
        #expect(
            CryptoError.code {
                try sandbox.verifier.verify(derChain: [[UInt8]](), at: TestDates.now, policy: SandboxChain.policy)
            } == .emptyChain)
        #expect(CryptoError.code { try sandbox.verifier.verify([], at: TestDates.now) } == .emptyChain)
    }

    @Test func tooLongChainIsRefused() throws {
        let sandbox = try SandboxChain()
        let long = sandbox.presented + [sandbox.intermediate, sandbox.root]
        #expect(
            CryptoError.code { try sandbox.verifier.verify(long, at: TestDates.now, policy: SandboxChain.policy) }
                == .chainTooLong)
        let verifier = CertificateChainVerifier(trustedRoots: [sandbox.root], maximumChainLength: 1)
        #expect(CryptoError.code { try verifier.verify(sandbox.presented, at: TestDates.now) } == .chainTooLong)
    }

    @Test func leafSignedByAnotherKeyIsRefused() throws {
        let sandbox = try SandboxChain()
        // Same issuer name, no key identifiers, so OpenSSL pairs it with the
        // real intermediate and the signature check is what fails.
        var forged = CertificateBuilder.endEntity(
            subject: sandbox.leaf.subject, publicKey: sandbox.leafKey.publicKey,
            keyUsage: [.keyEncipherment, .keyAgreement], notValidBefore: TestDates.utc(2025, 6, 1),
            notValidAfter: TestDates.utc(2027, 6, 1), extensions: [SandboxChain.leafMarker])
        forged.includesKeyIdentifiers = false
        let otherKey = AnyPrivateKey.p256(try P256.PrivateKey())
        var otherIntermediate = CertificateBuilder.certificateAuthority(
            subject: sandbox.intermediate.subject, publicKey: otherKey.publicKey,
            notValidBefore: TestDates.utc(2025, 1, 1), notValidAfter: TestDates.utc(2035, 1, 1))
        otherIntermediate.includesKeyIdentifiers = false
        let forgedLeaf = try forged.signed(by: try otherIntermediate.selfSigned(with: otherKey), key: otherKey)
        let code = CryptoError.code {
            try sandbox.verifier.verify(
                [forgedLeaf, sandbox.intermediate], at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .invalidSignature)
    }

    @Test func intermediateThatIsNotACAIsRefused() throws {
        var options = SandboxChain.Options()
        options.intermediateIsCA = false
        let sandbox = try SandboxChain(options)
        let code = CryptoError.code {
            try sandbox.verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .invalidCertificateAuthority)
    }

    @Test func intermediateWithOtherNameIsRefused() throws {
        var options = SandboxChain.Options()
        options.intermediateCommonName = "Somebody Else CA"
        let sandbox = try SandboxChain(options)
        let code = CryptoError.code {
            try sandbox.verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .intermediateMismatch)
    }

    @Test func rsaLeafIsRefused() throws {
        var options = SandboxChain.Options()
        options.leafKey = .rsa(try RSA.PrivateKey(bits: 2048))
        let sandbox = try SandboxChain(options)
        let code = CryptoError.code {
            try sandbox.verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .unsupportedPublicKey)
    }

    @Test func unknownCriticalExtensionIsRefused() throws {
        var options = SandboxChain.Options()
        options.leafExtensions.append(.init(oid: "1.3.6.1.4.1.99999.1", isCritical: true, value: [0x05, 0x00]))
        let sandbox = try SandboxChain(options)
        let code = CryptoError.code {
            try sandbox.verifier.verify(sandbox.presented, at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .pathValidationFailed)
    }

    @Test func leafPresentedWithoutIntermediateIsRefused() throws {
        let sandbox = try SandboxChain()
        let code = CryptoError.code {
            try sandbox.verifier.verify([sandbox.leaf], at: TestDates.now, policy: SandboxChain.policy)
        }
        #expect(code == .untrustedRoot)
    }

    @Test func mangledInputsNeverCrashAndAreAllRefused() throws {
        let sandbox = try SandboxChain()
        let leaf = sandbox.leaf.derRepresentation
        let intermediate = sandbox.intermediate.derRepresentation
        var inputs: [[UInt8]] = []
        for _ in 0..<150 {
            var flipped = leaf
            let bit = Int.random(in: 0..<(leaf.count * 8))
            flipped[bit / 8] ^= UInt8(1 << (bit % 8))
            inputs.append(flipped)
        }
        for _ in 0..<100 { inputs.append(Array(leaf.prefix(Int.random(in: 0..<leaf.count)))) }
        for _ in 0..<100 { inputs.append((0..<Int.random(in: 1...900)).map { _ in UInt8.random(in: 0...255) }) }
        var refused = 0
        for input in inputs {
            do {
                _ = try sandbox.verifier.verify(
                    derChain: [input, intermediate], at: TestDates.now, policy: SandboxChain.policy)
            } catch let error as CryptoError where CryptoError.Code.x509.contains(error.code) {
                refused += 1
            }
        }
        #expect(refused == inputs.count)
    }
}
