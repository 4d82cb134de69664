import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningService
import ProvisioningStorage

/// The card networks' side of the issuer wallet in the sandbox: tokenization
/// with ID&V decided by the test cards, one-time-code sessions, lifecycle,
/// limited-use payment keys and the terminal that accepts payments.
///
/// * Tokens: one per brand (a dual-brand test card gets an auxiliary token
///   with its own expiry and PAR). DPANs and the per-token payment master key
///   are sealed under the sandbox master key.
/// * ID&V: cards whose test outcome is `requireIdentityVerification` or
///   `requireActivation` start inactive with a session holding a six-digit
///   code (sealed; readable at `GET /v1/sandbox/activation-codes/{sessionId}`,
///   the sandbox's stand-in for an SMS). ``maximumActivationAttempts`` wrong
///   codes lock the session; it expires after `activationLifetime`.
/// * Payment keys: key = HMAC-SHA256(token master key, "TPC-LUK-1" ‖ 0x00 ‖
///   key id), so keys are never stored; a batch replaces the unused keys of
///   each token; delivery encryption as `PaymentKeyBatch` documents.
/// * Payments: cryptogram = HMAC-SHA256(key, `PaymentRequest.transactionData`);
///   a key pays once (a conditional update consumes it); keys of a card that
///   is not active are declined.
final class SandboxWalletNetwork: WalletTokenService {
    static let maximumActivationAttempts = 3
    static let keyLifetime: TimeInterval = 7 * 24 * 3600
    static let codeDigits = 6

    private let database: any SQLDatabase
    private let clock: @Sendable () -> Date
    private let activationLifetime: TimeInterval
    private let masterKeySealing: SealingKey
    private let codeSealing: SealingKey
    private let dpanSealing: SealingKey
    private let parKey: [UInt8]
    private let fingerprintKey: [UInt8]

    init(
        database: any SQLDatabase, masterKey: SandboxMasterKey, activationLifetime: TimeInterval,
        clock: @escaping @Sendable () -> Date
    ) throws {
        self.database = database
        self.clock = clock
        self.activationLifetime = activationLifetime
        masterKeySealing = try SealingKey(master: masterKey, purpose: "wallet-token-master-key")
        codeSealing = try SealingKey(master: masterKey, purpose: "wallet-activation-code")
        dpanSealing = try SealingKey(master: masterKey, purpose: "wallet-dpan")
        parKey = try masterKey.derivedKey("wallet-payment-account-reference")
        fingerprintKey = try masterKey.derivedKey("network-pan-fingerprint")
    }

    // MARK: Tokenization

    func tokenize(_ request: WalletTokenizationRequest) async throws -> WalletTokenization {
        let now = clock()
        let pan = request.primaryAccountNumber
        let outcome = SandboxTestCards.outcome(forPAN: pan)
        guard outcome != .decline else { throw ServiceError(.declined, "the network declined the card") }
        let auxiliaryScheme = SandboxTestCards.card(forPAN: pan, now: now)?.auxiliaryScheme.flatMap {
            CardScheme(wireValue: $0.rawValue)
        }
        let needsIdentityVerification = outcome == .requireIdentityVerification || outcome == .requireActivation
        let state: TokenState = needsIdentityVerification ? .inactive : .active
        let code = needsIdentityVerification ? try Self.oneTimeCode() : nil
        return try await database.transaction { tx in
            let main = try await self.insertToken(
                request, role: "main", scheme: request.scheme, years: 3, state: state, now: now, on: tx)
            var auxiliary: WalletTokenization.Token?
            if let auxiliaryScheme {
                auxiliary = try await self.insertToken(
                    request, role: "auxiliary", scheme: auxiliaryScheme, years: 2, state: state, now: now, on: tx)
            }
            var session: PendingActivationSession?
            if let code {
                let sessionId = try Identifiers.make(prefix: "ids_")
                let expiresAt = now.addingTimeInterval(self.activationLifetime)
                try await tx.execute(
                    """
                    INSERT INTO sandbox_activation_sessions (session_id, issuer_id, card_id, code_sealed, attempts_left,
                        status, expires_at, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)
                    """,
                    [
                        .text(sessionId), .text(request.issuerId), .text(request.cardId),
                        .blob(try self.codeSealing.seal(Array(code.utf8), context: sessionId)),
                        .integer(Int64(Self.maximumActivationAttempts)), .timestamp(expiresAt), .timestamp(now),
                    ])
                session = PendingActivationSession(
                    sessionId: sessionId, expiresAt: expiresAt, attemptsLeft: Self.maximumActivationAttempts,
                    channel: "sandbox")
            }
            return WalletTokenization(main: main, auxiliary: auxiliary, state: state, activation: session)
        }
    }

    private func insertToken(
        _ request: WalletTokenizationRequest, role: String, scheme: CardScheme, years: Int, state: TokenState,
        now: Date, on tx: any SQLExecutor
    ) async throws -> WalletTokenization.Token {
        let tokenId = try Identifiers.make(prefix: "wtk_")
        let dpan = try NetworkTokenService.makeDPAN(like: request.primaryAccountNumber)
        let expiry = Self.expiry(from: now, years: years)
        let reference = try paymentAccountReference(pan: request.primaryAccountNumber, scheme: scheme)
        let fingerprint = Hex.encode(
            try HMACSHA256.authenticationCode(for: Array(request.primaryAccountNumber.utf8), key: fingerprintKey))
        try await tx.execute(
            """
            INSERT INTO sandbox_wallet_tokens (token_id, issuer_id, card_id, role, scheme, state, dpan_sealed,
                token_suffix, token_expiry, payment_account_reference, pan_fingerprint, master_key_sealed,
                created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(tokenId), .text(request.issuerId), .text(request.cardId), .text(role), .text(scheme.wireValue),
                .text(state.rawValue), .blob(try dpanSealing.seal(Array(dpan.utf8), context: tokenId)),
                .text(String(dpan.suffix(4))), .text(expiry), .text(reference), .text(fingerprint),
                .blob(try masterKeySealing.seal(try SecureRandom.bytes(count: 32), context: tokenId)),
                .timestamp(now), .timestamp(now),
            ])
        return WalletTokenization.Token(
            tokenId: tokenId, scheme: scheme, tokenSuffix: String(dpan.suffix(4)), tokenExpiry: expiry,
            paymentAccountReference: reference)
    }

    /// A 29-character PAR: a four-character network prefix and 25 characters
    /// derived from the PAN, so every token of one account shares it.
    private func paymentAccountReference(pan: String, scheme: CardScheme) throws -> String {
        let prefix =
            switch scheme {
            case .visa: "V001"
            case .mastercard: "M001"
            case .pure: "P001"
            case .pagoBancomat: "B001"
            default: "X001"
            }
        let digest = try HMACSHA256.authenticationCode(for: Array("\(scheme.wireValue):\(pan)".utf8), key: parKey)
        let alphabet = Array("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ")
        return prefix + String(digest.prefix(25).map { alphabet[Int($0) % alphabet.count] })
    }

    static func expiry(from now: Date, years: Int) -> String {
        let date = UTCDate(now)
        let month = date.month
        let year = (date.year + years) % 100
        return (month < 10 ? "0" : "") + "\(month)/" + (year < 10 ? "0" : "") + "\(year)"
    }

    /// Six uniformly random decimal digits.
    static func oneTimeCode() throws -> String {
        var digits = ""
        while digits.count < codeDigits {
            for byte in try SecureRandom.bytes(count: 8) where byte < 250 && digits.count < codeDigits {
                digits.append(Character(String(byte % 10)))
            }
        }
        return digits
    }

    // MARK: ID&V

    func activationSession(issuerId: String, cardId: String) async throws -> PendingActivationSession? {
        guard
            let row = try await database.queryFirst(
                """
                SELECT session_id, attempts_left, expires_at FROM sandbox_activation_sessions
                WHERE issuer_id = ? AND card_id = ? AND status = 'pending' AND expires_at > ?
                ORDER BY created_at DESC
                """, [.text(issuerId), .text(cardId), .timestamp(clock())])
        else { return nil }
        return PendingActivationSession(
            sessionId: try row.decode(column: "session_id"), expiresAt: try row.decode(column: "expires_at"),
            attemptsLeft: Int(try row.decode(Int64.self, column: "attempts_left")), channel: "sandbox")
    }

    func verifyActivation(issuerId: String, cardId: String, sessionId: String, code: String) async throws {
        let now = clock()
        guard
            let row = try await database.queryFirst(
                """
                SELECT code_sealed, attempts_left, status, expires_at FROM sandbox_activation_sessions
                WHERE session_id = ? AND issuer_id = ? AND card_id = ?
                """, [.text(sessionId), .text(issuerId), .text(cardId)])
        else { throw ServiceError(.notFound, "no such activation session for this card") }
        let status: String = try row.decode(column: "status")
        switch status {
        case "locked": throw ServiceError(.activationLocked, "too many wrong codes; the session is locked")
        case "pending": break
        default: throw ServiceError(.illegalTransition, "the session is closed")
        }
        guard try row.decode(Date.self, column: "expires_at") > now else {
            throw ServiceError(.activationSessionExpired, "the activation session has expired")
        }
        let expected = try codeSealing.open(try row.decode(column: "code_sealed"), context: sessionId)
        guard ConstantTime.equals(expected, Array(code.utf8)) else {
            let left = try await database.transaction { tx -> Int64 in
                try await tx.execute(
                    """
                    UPDATE sandbox_activation_sessions
                    SET attempts_left = attempts_left - 1,
                        status = CASE WHEN attempts_left <= 1 THEN 'locked' ELSE status END
                    WHERE session_id = ? AND status = 'pending'
                    """, [.text(sessionId)])
                let row = try await tx.queryFirst(
                    "SELECT attempts_left FROM sandbox_activation_sessions WHERE session_id = ?", [.text(sessionId)])
                return try row?.decode(Int64.self, column: "attempts_left") ?? 0
            }
            if left <= 0 { throw ServiceError(.activationLocked, "too many wrong codes; the session is locked") }
            throw ServiceError(.activationCodeInvalid, "the code is wrong; \(left) attempt(s) left")
        }
        try await database.transaction { tx in
            let closed = try await tx.execute(
                "UPDATE sandbox_activation_sessions SET status = 'verified' WHERE session_id = ? AND status = 'pending'",
                [.text(sessionId)])
            guard closed == 1 else { throw ServiceError(.conflict, "the session changed meanwhile") }
            try await tx.execute(
                "UPDATE sandbox_wallet_tokens SET state = 'active', updated_at = ? WHERE card_id = ? AND state = 'inactive'",
                [.timestamp(now), .text(cardId)])
        }
    }

    /// The code of a session, for the sandbox's code channel.
    func activationCode(sessionId: String) async throws -> String? {
        guard
            let row = try await database.queryFirst(
                "SELECT code_sealed FROM sandbox_activation_sessions WHERE session_id = ? AND status = 'pending'",
                [.text(sessionId)])
        else { return nil }
        return String(
            decoding: try codeSealing.open(try row.decode(column: "code_sealed"), context: sessionId), as: UTF8.self)
    }

    // MARK: Lifecycle

    private struct TokenRow {
        let tokenId: String
        let role: String
        let scheme: CardScheme
        let state: TokenState
        let masterKeySealed: [UInt8]
    }

    private func tokens(issuerId: String, cardId: String, on executor: any SQLExecutor) async throws -> [TokenRow] {
        try await executor.query(
            """
            SELECT token_id, role, scheme, state, master_key_sealed FROM sandbox_wallet_tokens
            WHERE issuer_id = ? AND card_id = ? ORDER BY role DESC
            """, [.text(issuerId), .text(cardId)]
        ).map { row in
            TokenRow(
                tokenId: try row.decode(column: "token_id"), role: try row.decode(column: "role"),
                scheme: CardScheme(wireValue: try row.decode(String.self, column: "scheme")) ?? .other("UNKNOWN"),
                state: TokenState(rawValue: try row.decode(String.self, column: "state")) ?? .deleted,
                masterKeySealed: try row.decode(column: "master_key_sealed"))
        }
    }

    func changeState(issuerId: String, cardId: String, action: TokenLifecycleAction) async throws -> TokenState {
        try await database.transaction { tx in
            let rows = try await self.tokens(issuerId: issuerId, cardId: cardId, on: tx)
            guard let main = rows.first(where: { $0.role == "main" }) else {
                throw ServiceError(.notFound, "the network does not know this card")
            }
            let target: TokenState
            do {
                target = try TokenStateMachine.transition(from: main.state, action: action)
            } catch {
                throw ServiceError(.illegalTransition, "\(action) is not allowed from \(main.state)")
            }
            try await tx.execute(
                "UPDATE sandbox_wallet_tokens SET state = ?, updated_at = ? WHERE issuer_id = ? AND card_id = ?",
                [.text(target.rawValue), .timestamp(self.clock()), .text(issuerId), .text(cardId)])
            return target
        }
    }

    // MARK: Payment keys

    func issuePaymentKeys(issuerId: String, cardId: String, walletPublicKey: [UInt8]) async throws -> WalletKeyBatch {
        let now = clock()
        let rows = try await tokens(issuerId: issuerId, cardId: cardId, on: database)
        guard !rows.isEmpty else { throw ServiceError(.notFound, "the network does not know this card") }
        guard rows.allSatisfy({ $0.state == .active }) else {
            throw ServiceError(.illegalTransition, "payment keys are issued to active cards only")
        }
        let wallet = try P256.PublicKey(x963Representation: walletPublicKey)
        let ephemeral = try P256.PrivateKey()
        let ephemeralPoint = ephemeral.publicKey.x963Representation
        let encryptionKey = try HKDF.deriveKey(
            inputKeyMaterial: try ephemeral.sharedSecret(with: wallet), salt: ephemeralPoint,
            info: Array(PaymentKeyBatch.keyDerivationInfo.utf8), outputByteCount: 32)
        let expiresAt = now.addingTimeInterval(Self.keyLifetime)
        var keys: [WalletKeyBatch.Key] = []
        var inserts: [(keyId: String, tokenId: String)] = []
        for row in rows {
            let masterKey = try masterKeySealing.open(row.masterKeySealed, context: row.tokenId)
            for _ in 0..<PaymentKeyBatch.defaultBatchSize {
                let keyId = try Identifiers.make(prefix: "pk_")
                let paymentKey = try Self.paymentKey(masterKey: masterKey, keyId: keyId)
                let nonce = try SecureRandom.bytes(count: AES256GCM.ivByteCount)
                let sealed = try AES256GCM.sealCombined(
                    paymentKey, key: encryptionKey, iv: nonce, aad: Array(keyId.utf8))
                keys.append(
                    WalletKeyBatch.Key(
                        keyId: keyId, scheme: row.scheme, expiresAt: expiresAt, encryptedKey: nonce + sealed))
                inserts.append((keyId, row.tokenId))
            }
        }
        let pending = inserts
        try await database.transaction { tx in
            for row in rows {
                try await tx.execute(
                    "UPDATE sandbox_payment_keys SET status = 'replaced' WHERE token_id = ? AND status = 'unused'",
                    [.text(row.tokenId)])
            }
            for insert in pending {
                try await tx.execute(
                    """
                    INSERT INTO sandbox_payment_keys (key_id, token_id, status, expires_at, created_at)
                    VALUES (?, ?, 'unused', ?, ?)
                    """, [.text(insert.keyId), .text(insert.tokenId), .timestamp(expiresAt), .timestamp(now)])
            }
        }
        return WalletKeyBatch(issuedAt: now, ephemeralPublicKey: ephemeralPoint, keys: keys)
    }

    /// The limited-use key `keyId` of a token.
    static func paymentKey(masterKey: [UInt8], keyId: String) throws -> [UInt8] {
        try HMACSHA256.authenticationCode(for: Array("TPC-LUK-1".utf8) + [0] + Array(keyId.utf8), key: masterKey)
    }

    func paymentKeyCounts(issuerId: String, cardId: String) async throws -> WalletKeyCounts {
        let rows = try await database.query(
            """
            SELECT t.role AS role, COUNT(k.key_id) AS unused, MIN(k.expires_at) AS earliest
            FROM sandbox_wallet_tokens t
            LEFT JOIN sandbox_payment_keys k ON k.token_id = t.token_id AND k.status = 'unused' AND k.expires_at > ?
            WHERE t.issuer_id = ? AND t.card_id = ? AND t.state = 'active'
            GROUP BY t.role
            """, [.timestamp(clock()), .text(issuerId), .text(cardId)])
        var main = 0
        var auxiliary: Int?
        var earliest: Date?
        for row in rows {
            let count = Int(try row.decode(Int64.self, column: "unused"))
            if try row.decode(String.self, column: "role") == "main" {
                main = count
                earliest = try row.decode(Date?.self, column: "earliest")
            } else {
                auxiliary = count
            }
        }
        if auxiliary == nil,
            try await database.queryFirst(
                "SELECT token_id FROM sandbox_wallet_tokens WHERE card_id = ? AND role = 'auxiliary'", [.text(cardId)])
                != nil
        {
            auxiliary = 0
        }
        return WalletKeyCounts(main: main, auxiliary: auxiliary, earliestExpiry: earliest)
    }

    // MARK: Terminal

    /// Checks and records a payment; see ``PaymentResult`` for the declines.
    ///
    /// - Throws: `ProblemDetails` `invalid-field` for a malformed request,
    ///   `not-found` for an unknown card.
    func pay(_ request: PaymentRequest) async throws -> PaymentResult {
        try Self.check(request)
        let now = clock()
        guard
            try await database.queryFirst(
                "SELECT token_id FROM sandbox_wallet_tokens WHERE card_id = ?", [.text(request.cardId)]) != nil
        else { throw ProvisioningAPI.ProblemDetails(.notFound, detail: "No such card.") }
        guard
            let row = try await database.queryFirst(
                """
                SELECT k.token_id AS token_id, k.status AS status, k.expires_at AS expires_at, t.state AS state,
                       t.card_id AS card_id, t.master_key_sealed AS master_key_sealed
                FROM sandbox_payment_keys k JOIN sandbox_wallet_tokens t ON t.token_id = k.token_id
                WHERE k.key_id = ?
                """, [.text(request.keyId)]),
            try row.decode(String.self, column: "card_id") == request.cardId
        else { return PaymentResult(outcome: .declined, declineReason: .cryptogramInvalid) }
        let tokenId: String = try row.decode(column: "token_id")
        guard try row.decode(String.self, column: "state") == TokenState.active.rawValue else {
            return PaymentResult(outcome: .declined, declineReason: .declined)
        }
        guard try row.decode(String.self, column: "status") == "unused",
            try row.decode(Date.self, column: "expires_at") > now
        else { return PaymentResult(outcome: .declined, declineReason: .cryptogramInvalid) }
        let masterKey = try masterKeySealing.open(try row.decode(column: "master_key_sealed"), context: tokenId)
        let expected = try HMACSHA256.authenticationCode(
            for: Array(request.transactionData), key: try Self.paymentKey(masterKey: masterKey, keyId: request.keyId))
        guard ConstantTime.equals(expected, Array(request.cryptogram)) else {
            return PaymentResult(outcome: .declined, declineReason: .cryptogramInvalid)
        }
        let authorizationId = try Identifiers.make(prefix: "auth_")
        let consumed = try await database.transaction { tx -> Bool in
            let updated = try await tx.execute(
                "UPDATE sandbox_payment_keys SET status = 'used', used_at = ? WHERE key_id = ? AND status = 'unused'",
                [.timestamp(now), .text(request.keyId)])
            guard updated == 1 else { return false }
            try await tx.execute(
                """
                INSERT INTO sandbox_wallet_payments (authorization_id, card_id, token_id, key_id, amount, currency,
                    created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(authorizationId), .text(request.cardId), .text(tokenId), .text(request.keyId),
                    .integer(Int64(request.amount)), .text(request.currency), .timestamp(now),
                ])
            return true
        }
        guard consumed else { return PaymentResult(outcome: .declined, declineReason: .cryptogramInvalid) }
        let left = try await database.queryFirst(
            "SELECT COUNT(*) AS unused FROM sandbox_payment_keys WHERE token_id = ? AND status = 'unused' AND expires_at > ?",
            [.text(tokenId), .timestamp(now)])
        return PaymentResult(
            outcome: .approved, authorizationId: authorizationId,
            paymentsLeft: Int(try left?.decode(Int64.self, column: "unused") ?? 0))
    }

    private static func check(_ request: PaymentRequest) throws {
        var problems: [FieldProblem] = []
        func problem(_ field: String, _ reason: FieldProblemReason) {
            problems.append(FieldProblem(field: field, reason: reason))
        }
        if !(1...128).contains(request.cardId.utf8.count) { problem("/cardId", .malformed) }
        if !(1...128).contains(request.keyId.utf8.count) { problem("/keyId", .malformed) }
        if !(1...99_999_999).contains(request.amount) { problem("/amount", .outOfRange) }
        if request.currency.utf8.count != 3 || !request.currency.utf8.allSatisfy({ (65...90).contains($0) }) {
            problem("/currency", .malformed)
        }
        if !(4...32).contains(request.unpredictableNumber.count) { problem("/unpredictableNumber", .outOfRange) }
        if request.cryptogram.count != 32 { problem("/cryptogram", .malformed) }
        if let merchant = request.merchantName,
            merchant.count > 64
                || merchant.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            problem("/merchantName", .malformed)
        }
        guard problems.isEmpty else {
            throw ProvisioningAPI.ProblemDetails(
                .invalidField, detail: "The payment has invalid fields.", errors: problems)
        }
    }
}
