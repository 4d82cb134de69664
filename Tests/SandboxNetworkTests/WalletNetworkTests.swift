import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningService
import SandboxNetwork
import Testing

/// The sandbox's wallet network in process, with a controllable clock: ID&V
/// sessions, payment-key batches and the terminal.
@Suite(.timeLimit(.minutes(10))) struct WalletNetworkTests {
    static let issuer = SandboxEnvironment.issuerId

    static func tokenize(
        _ env: SandboxEnvironment, _ card: SandboxNetwork.SandboxTestCard, cardId: String = "dc_\(UUID().uuidString)"
    ) async throws -> (String, WalletTokenization) {
        let tokenization = try await env.sandbox.walletNetwork.tokenize(
            WalletTokenizationRequest(
                issuerId: issuer, cardId: cardId, scheme: try #require(CardScheme(wireValue: card.scheme.rawValue)),
                productId: card.productId, primaryAccountNumber: card.pan))
        return (cardId, tokenization)
    }

    static func keys(_ batch: WalletKeyBatch, for wallet: P256.PrivateKey) throws -> [(String, [UInt8])] {
        let shared = try wallet.sharedSecret(with: try P256.PublicKey(x963Representation: batch.ephemeralPublicKey))
        let kek = try HKDF.deriveKey(
            inputKeyMaterial: shared, salt: batch.ephemeralPublicKey,
            info: Array(PaymentKeyBatch.keyDerivationInfo.utf8), outputByteCount: 32)
        return try batch.keys.map { key in
            (
                key.keyId,
                try AES256GCM.openCombined(
                    Array(key.encryptedKey.dropFirst(12)), key: kek, iv: Array(key.encryptedKey.prefix(12)),
                    aad: Array(key.keyId.utf8))
            )
        }
    }

    static func payment(_ cardId: String, _ key: (String, [UInt8]), amount: Int = 500) throws -> PaymentRequest {
        var request = PaymentRequest(
            cardId: cardId, keyId: key.0, amount: amount, currency: "EUR", unpredictableNumber: Data([1, 2, 3, 4]),
            transactionDate: Date(timeIntervalSince1970: 1_800_000_000), cryptogram: Data())
        request.cryptogram = Data(try HMACSHA256.authenticationCode(for: Array(request.transactionData), key: key.1))
        return request
    }

    @Test func declinedTestCardCreatesNoToken() async throws {
        try await SandboxEnvironment.with { (env: SandboxEnvironment) async throws -> Void in
            await #expect(throws: ServiceError.self) {
                _ = try await Self.tokenize(env, try env.card(.decline))
            }
            #expect(try await env.count("sandbox_wallet_tokens") == 0)
        }
    }

    @Test func dualBrandCardGetsTwoTokensWithTheirOwnExpiryAndReference() async throws {
        try await SandboxEnvironment.with { (env: SandboxEnvironment) async throws -> Void in
            let card = try #require(SandboxTestCards.dualBrandCard(now: env.clock.now))
            let (_, tokenization) = try await Self.tokenize(env, card)
            let auxiliary = try #require(tokenization.auxiliary)
            #expect(auxiliary.scheme == .pagoBancomat)
            #expect(auxiliary.tokenExpiry != tokenization.main.tokenExpiry)
            #expect(auxiliary.paymentAccountReference != tokenization.main.paymentAccountReference)
            #expect(try await env.count("sandbox_wallet_tokens") == 2)
        }
    }

    @Test func activationSessionExpires() async throws {
        try await SandboxEnvironment.with { (env: SandboxEnvironment) async throws -> Void in
            let (cardId, tokenization) = try await Self.tokenize(
                env, try env.card(.requireIdentityVerification, scheme: .pure))
            #expect(tokenization.state == .inactive)
            let session = try #require(tokenization.activation)
            let code = try await env.sandbox.activationCode(sessionId: session.sessionId).code
            env.clock.advance(by: 601)
            await #expect {
                try await env.sandbox.walletNetwork.verifyActivation(
                    issuerId: Self.issuer, cardId: cardId, sessionId: session.sessionId, code: code)
            } throws: { ($0 as? ServiceError)?.code == .activationSessionExpired }
            #expect(try await env.sandbox.walletNetwork.activationSession(issuerId: Self.issuer, cardId: cardId) == nil)
        }
    }

    @Test func sessionOfAnotherCardIsNotFound() async throws {
        try await SandboxEnvironment.with { (env: SandboxEnvironment) async throws -> Void in
            let (_, tokenization) = try await Self.tokenize(env, try env.card(.requireIdentityVerification))
            let session = try #require(tokenization.activation)
            let code = try await env.sandbox.activationCode(sessionId: session.sessionId).code
            await #expect {
                try await env.sandbox.walletNetwork.verifyActivation(
                    issuerId: Self.issuer, cardId: "dc_other", sessionId: session.sessionId, code: code)
            } throws: { ($0 as? ServiceError)?.code == .notFound }
        }
    }

    @Test func codesAreSealedAtRest() async throws {
        try await SandboxEnvironment.with { (env: SandboxEnvironment) async throws -> Void in
            let (_, tokenization) = try await Self.tokenize(env, try env.card(.requireIdentityVerification))
            let session = try #require(tokenization.activation)
            let code = try await env.sandbox.activationCode(sessionId: session.sessionId).code
            #expect(code.count == 6)
            for suffix in ["", "-wal"] {
                let file = (try? Data(contentsOf: URL(fileURLWithPath: env.databasePath + suffix))) ?? Data()
                #expect(file.range(of: Data(code.utf8)) == nil, "code in clear in the database\(suffix)")
            }
            // The channel's answer does come from the database.
            #expect(try await env.count("sandbox_activation_sessions") == 1)
        }
    }

    @Test func keyPaysOnceAndANewBatchReplacesUnusedKeys() async throws {
        try await SandboxEnvironment.with { (env: SandboxEnvironment) async throws -> Void in
            let (cardId, _) = try await Self.tokenize(env, try env.card(.approve))
            let wallet = try P256.PrivateKey()
            let network = env.sandbox.walletNetwork
            let batch = try await network.issuePaymentKeys(
                issuerId: Self.issuer, cardId: cardId, walletPublicKey: wallet.publicKey.x963Representation)
            let keys = try Self.keys(batch, for: wallet)
            #expect(keys.count == PaymentKeyBatch.defaultBatchSize)
            #expect(keys.allSatisfy { $0.1.count == 32 })
            let first = try Self.payment(cardId, keys[0])
            #expect(try await env.sandbox.pay(first).outcome == .approved)
            #expect(try await env.sandbox.pay(first).declineReason == .cryptogramInvalid)
            #expect(try await network.paymentKeyCounts(issuerId: Self.issuer, cardId: cardId).main == 9)

            _ = try await network.issuePaymentKeys(
                issuerId: Self.issuer, cardId: cardId, walletPublicKey: wallet.publicKey.x963Representation)
            #expect(try await env.sandbox.pay(try Self.payment(cardId, keys[1])).outcome == .declined)
            #expect(try await network.paymentKeyCounts(issuerId: Self.issuer, cardId: cardId).main == 10)
        }
    }

    @Test func anotherWalletCannotDecryptTheKeys() async throws {
        try await SandboxEnvironment.with { (env: SandboxEnvironment) async throws -> Void in
            let (cardId, _) = try await Self.tokenize(env, try env.card(.approve))
            let wallet = try P256.PrivateKey()
            let batch = try await env.sandbox.walletNetwork.issuePaymentKeys(
                issuerId: Self.issuer, cardId: cardId, walletPublicKey: wallet.publicKey.x963Representation)
            let error = #expect(throws: CryptoError.self) { _ = try Self.keys(batch, for: try P256.PrivateKey()) }
            #expect(error?.code == .authenticationFailure)
        }
    }

    @Test func expiredKeysAreDeclined() async throws {
        try await SandboxEnvironment.with { (env: SandboxEnvironment) async throws -> Void in
            let (cardId, _) = try await Self.tokenize(env, try env.card(.approve))
            let wallet = try P256.PrivateKey()
            let batch = try await env.sandbox.walletNetwork.issuePaymentKeys(
                issuerId: Self.issuer, cardId: cardId, walletPublicKey: wallet.publicKey.x963Representation)
            env.clock.advance(by: 8 * 24 * 3600)
            let result = try await env.sandbox.pay(try Self.payment(cardId, try Self.keys(batch, for: wallet)[0]))
            #expect(result.outcome == .declined)
            #expect(try await env.count("sandbox_wallet_payments") == 0)
        }
    }

    @Test func inactiveCardGetsNoKeys() async throws {
        try await SandboxEnvironment.with { (env: SandboxEnvironment) async throws -> Void in
            let (cardId, _) = try await Self.tokenize(env, try env.card(.requireIdentityVerification))
            await #expect {
                _ = try await env.sandbox.walletNetwork.issuePaymentKeys(
                    issuerId: Self.issuer, cardId: cardId,
                    walletPublicKey: try P256.PrivateKey().publicKey.x963Representation)
            } throws: { ($0 as? ServiceError)?.code == .illegalTransition }
            #expect(try await env.count("sandbox_payment_keys") == 0)
        }
    }
}
