import Foundation
import ProvisioningCrypto
import SandboxNetwork
import Testing

@Suite(.timeLimit(.minutes(10))) struct CertificateAuthorityTests {
    @Test func chainVerifiesUnderTheSandboxPolicyWithApplesShape() async throws {
        try await SandboxEnvironment.with { env in
            let sandbox = env.sandbox
            #expect(sandbox.intermediateCommonName == "PushProvisioning Sandbox WWDR CA - G2")
            let verifier = CertificateChainVerifier(trustedRoots: [sandbox.trustRoot])
            let chain = try verifier.verify(
                sandbox.certificateChain, at: env.clock.now,
                policy: ApplePayIssuerEncryptionPolicy.sandbox(intermediateCommonName: sandbox.intermediateCommonName))
            #expect(chain.certificates.count == 3)

            let leaf = try #require(sandbox.certificateChain.first)
            let marker = try #require(leaf.extension(oid: ApplePayIssuerEncryptionPolicy.leafMarkerOID))
            #expect(marker.isCritical)
            #expect(marker.value == [0x05, 0x00])
            #expect(leaf.keyUsage == [.keyEncipherment, .keyAgreement])
            #expect(!leaf.isCA)
            guard case .p256 = try leaf.publicKey else {
                Issue.record("leaf key is not P-256")
                return
            }

            let intermediate = sandbox.certificateChain[1]
            #expect(intermediate.isCA)
            #expect(intermediate.basicConstraints == .ca(pathLengthConstraint: 0))
            #expect(intermediate.extension(oid: ApplePayIssuerEncryptionPolicy.intermediateMarkerOID) != nil)
            #expect(sandbox.trustRoot.subject == sandbox.trustRoot.issuer)
            #expect(sandbox.trustRoot.isCA)
        }
    }

    @Test func chainDoesNotVerifyUnderTheProductionPolicyOrAppleRoot() async throws {
        try await SandboxEnvironment.with { env in
            let verifier = CertificateChainVerifier(trustedRoots: [env.sandbox.trustRoot])
            let production = #expect(throws: CryptoError.self) {
                try verifier.verify(
                    env.sandbox.certificateChain, at: env.clock.now, policy: ApplePayIssuerEncryptionPolicy.production)
            }
            #expect(production?.code == .intermediateMismatch)
            let apple = CertificateChainVerifier(trustedRoots: [try TrustAnchors.appleRootCAG3])
            let appleRoot = #expect(throws: CryptoError.self) {
                try apple.verify(
                    env.sandbox.certificateChain, at: env.clock.now,
                    policy: ApplePayIssuerEncryptionPolicy.sandbox(
                        intermediateCommonName: env.sandbox.intermediateCommonName))
            }
            #expect(appleRoot?.code == .untrustedRoot)
        }
    }

    @Test func authorityIsTheSameAfterReopeningWithTheSameMasterKey() async throws {
        try await SandboxEnvironment.with { env in
            let again = try await Sandbox(
                database: env.database, issuers: env.configuration, directory: env.directory,
                clock: env.clock.function, retryInterval: .seconds(3600))
            #expect(again.trustRoot.derRepresentation == env.sandbox.trustRoot.derRepresentation)
            #expect(again.certificateChain == env.sandbox.certificateChain)
            #expect(try await env.count("sandbox_certificate_authority") == 1)
            await again.shutdown()
        }
    }

    @Test func anotherMasterKeyCannotOpenTheStoredAuthority() async throws {
        try await SandboxEnvironment.with { env in
            let otherDirectory = env.directory.appendingPathComponent("other")
            await #expect {
                _ = try await Sandbox(
                    database: env.database, issuers: env.configuration, directory: otherDirectory,
                    clock: env.clock.function)
            } throws: { error in
                (error as? SandboxError)?.code == .masterKeyMismatch
            }
        }
    }

    @Test func masterKeyFileIsOwnerOnlyAndHoldsNoKeyInTheDatabase() async throws {
        try await SandboxEnvironment.with { env in
            let path = env.directory.appendingPathComponent("sandbox-master.key").path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect((attributes[.size] as? Int) == 32)
            let row = try #require(
                try await env.database.queryFirst("SELECT leaf_key_sealed FROM sandbox_certificate_authority"))
            let sealed = try row.decode([UInt8].self, column: "leaf_key_sealed")
            // The sealed blob is not the DER of any key the CA uses in clear.
            #expect(!sealed.isEmpty)
            #expect(sealed.count > 12 + 16)
        }
    }

    @Test func concurrentOpeningsAgreeOnOneAuthority() async throws {
        try await SandboxEnvironment.with { env in
            try await env.database.execute("DELETE FROM sandbox_certificate_authority")
            let roots = try await withThrowingTaskGroup(of: [UInt8].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let sandbox = try await Sandbox(
                            database: env.database, issuers: env.configuration, directory: env.directory,
                            clock: env.clock.function, retryInterval: .seconds(3600))
                        await sandbox.shutdown()
                        return sandbox.trustRoot.derRepresentation
                    }
                }
                return try await group.reduce(into: Set<[UInt8]>()) { $0.insert($1) }
            }
            #expect(roots.count == 1)
            #expect(try await env.count("sandbox_certificate_authority") == 1)
        }
    }
}
