import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningStorage

/// The issuer-wallet API (flow D): wallet registration, card enrolment
/// through the network, ID&V, lifecycle, default card, payment keys and card
/// art.
///
/// Authentication: registration with the bank's code (`wallet:register`,
/// `sub` = user id); every other wallet call with the wallet's access token
/// (`Authorization: Bearer`). A token used on another wallet's path, and a
/// card of another wallet, answer 404 as if they did not exist. Checks run
/// before anything is written, and each operation's rows are written in one
/// transaction, so a refused request leaves the tables as they were.
struct WalletService: Sendable {
    let context: ServiceContext
    let network: (any WalletTokenService)?

    /// A count of unused keys below this sets `needsReplenishment`.
    static let replenishmentThreshold = 3
    static let identifierCharacters = 1...128

    // MARK: Authentication

    /// The issuer and wallet of a wallet call.
    ///
    /// - Throws: `unknown-issuer`, `unauthorized` (no or unknown token),
    ///   `not-found` (the token belongs to another wallet).
    func authenticate(
        issuerId: String, walletId: String, authorization: String?
    ) async throws -> (Issuer, WalletRecord) {
        let issuer = try context.issuer(issuerId)
        guard let authorization, let token = APIHeaders.bearerToken(fromAuthorization: authorization),
            !token.isEmpty, token.utf8.count <= 256
        else { throw ServiceError(.unauthorized, "a wallet access token is required") }
        guard
            let wallet = try await WalletRepository.wallet(
                accessTokenDigest: try WalletAccessToken.digest(of: token), on: context.database)
        else { throw ServiceError(.unauthorized, "the wallet access token is not valid") }
        guard wallet.issuerId == issuer.id, wallet.walletId == walletId else {
            throw ServiceError(.notFound, "no such wallet")
        }
        return (issuer, wallet)
    }

    private func requireNetwork() throws(ServiceError) -> any WalletTokenService {
        guard let network else {
            throw ServiceError(.upstreamNetworkError, "no card network serves the issuer wallet here", status: 503)
        }
        return network
    }

    // MARK: Registration

    func register(
        issuerId: String, request: WalletRegistrationRequest, requestId: String
    ) async throws -> WalletRegistration {
        let issuer = try context.issuer(issuerId)
        var problems: [FieldProblem] = []
        if !Self.identifierCharacters.contains(request.userId.unicodeScalars.count) {
            problems.append(FieldProblem(field: "/userId", reason: request.userId.isEmpty ? .missing : .tooLong))
        }
        if !(1...64).contains(request.deviceName.unicodeScalars.count) {
            problems.append(
                FieldProblem(field: "/deviceName", reason: request.deviceName.isEmpty ? .missing : .tooLong))
        }
        if request.publicKey.count != 65 || (try? P256.PublicKey(x963Representation: Array(request.publicKey))) == nil {
            problems.append(FieldProblem(field: "/publicKey", reason: .malformed))
        }
        if request.authorizationCode.isEmpty {
            problems.append(FieldProblem(field: "/authorizationCode", reason: .missing))
        }
        guard problems.isEmpty else {
            throw ServiceError(.invalidField, "the request has invalid fields", fieldProblems: problems)
        }
        let now = context.clock()
        let code = try context.codeVerifier.verify(
            request.authorizationCode, issuer: issuer, scope: .walletRegister, now: now)
        guard code.subject == request.userId else {
            throw ServiceError(.authorizationCodeScope, "the authorization code is for another user")
        }
        let token = try WalletAccessToken.make()
        let wallet = WalletRecord(
            walletId: "wal_" + Hex.encode(try SecureRandom.bytes(count: 12)), issuerId: issuer.id,
            userId: request.userId, deviceName: request.deviceName, publicKey: Array(request.publicKey),
            defaultCardId: nil, createdAt: now)
        let audit = AuditEvent(
            id: AuditLog.newEventId(), at: now, requestId: requestId, actor: "wallet",
            action: AuditAction(rawValue: "wallet.register"), outcome: .success)
        let digest = try WalletAccessToken.digest(of: token)
        try await context.database.transaction { tx in
            try await ReplayGuard.consumeAuthorizationCode(code, issuerId: issuer.id, on: tx)
            try await WalletRepository.insert(wallet, accessTokenDigest: digest, on: tx)
            try await AuditLog.record(audit, issuerId: issuer.id, on: tx)
        }
        context.log.info("wallet.registered", ["requestId": requestId, "issuer": issuer.id, "wallet": wallet.walletId])
        return WalletRegistration(walletId: wallet.walletId, userId: wallet.userId, createdAt: now, accessToken: token)
    }

    // MARK: Enrolment

    func enrol(
        issuer: Issuer, wallet: WalletRecord, request: CardEnrollmentRequest, requestId: String
    ) async throws -> DigitalCardResource {
        let network = try requireNetwork()
        var problems: [FieldProblem] = []
        if request.encryptedPayload.isEmpty
            || request.encryptedPayload.utf8.count > ProvisioningRequestCheck.maximumPayloadCharacters
        {
            problems.append(
                FieldProblem(field: "/encryptedPayload", reason: request.encryptedPayload.isEmpty ? .missing : .tooLong)
            )
        }
        if request.authorizationCode.isEmpty {
            problems.append(FieldProblem(field: "/authorizationCode", reason: .missing))
        }
        if let productId = request.productId, !(1...64).contains(productId.unicodeScalars.count) {
            problems.append(FieldProblem(field: "/productId", reason: .tooLong))
        }
        let scheme = CardScheme(wireValue: request.scheme.rawValue)
        if scheme == nil { problems.append(FieldProblem(field: "/scheme", reason: .unknownValue)) }
        guard problems.isEmpty, let scheme else {
            throw ServiceError(.invalidField, "the request has invalid fields", fieldProblems: problems)
        }
        guard issuer.allows(scheme) else {
            throw ServiceError(.unsupportedScheme, "the issuer does not offer this scheme")
        }
        let now = context.clock()
        let code = try context.codeVerifier.verify(
            request.authorizationCode, issuer: issuer, scope: .walletEnrol, now: now)
        let card = try issuer.decryptCard(
            encryptedPayload: request.encryptedPayload, scheme: scheme, productId: request.productId, now: now)
        try code.requireCard(cardRef: card.cardReference, panLastFour: card.panLastFour)
        // The code is spent before the network creates tokens: of racing
        // enrolments with one code only the one that spends it reaches the
        // network, so no token is left that no card record tracks. A failed
        // tokenization gives the code back.
        try await context.database.transaction { tx in
            try await ReplayGuard.consumeAuthorizationCode(code, issuerId: issuer.id, on: tx)
        }
        let cardId = "dc_" + Hex.encode(try SecureRandom.bytes(count: 12))
        let tokenization: WalletTokenization
        do {
            tokenization = try await network.tokenize(
                WalletTokenizationRequest(
                    issuerId: issuer.id, cardId: cardId, scheme: scheme, productId: request.productId,
                    primaryAccountNumber: card.pan))
        } catch {
            _ = try? await context.database.execute(
                "DELETE FROM used_authorization_codes WHERE issuer_id = ? AND jti = ?",
                [.text(issuer.id), .text(code.jwtID)])
            throw error
        }
        let sealedExpiry = try Self.sealExpiry(card.expiration.wireValue, cardId: cardId, issuer: issuer)
        let fingerprint = try issuer.panFingerprint(of: card.pan)
        let audit = AuditEvent(
            id: AuditLog.newEventId(), at: now, requestId: requestId, actor: "wallet", action: .walletEnrol,
            outcome: .success, cardRef: card.cardReference, panLastFour: card.panLastFour,
            tokenId: tokenization.main.tokenId)
        let record = try await context.database.transaction { tx in
            let record = DigitalCardRecord(
                cardId: cardId, walletId: wallet.walletId, issuerId: issuer.id, cardRef: card.cardReference,
                panFingerprint: fingerprint, panLastFour: card.panLastFour, panExpirySealed: sealedExpiry,
                productId: request.productId, token: tokenization.main, auxiliaryToken: tokenization.auxiliary,
                state: tokenization.state,
                enrolledSequence: try await WalletRepository.nextSequence(walletId: wallet.walletId, on: tx),
                createdAt: now)
            try await WalletRepository.insert(record, on: tx)
            // The first card of a wallet becomes its default.
            try await tx.execute(
                "UPDATE wallets SET default_card_id = ? WHERE wallet_id = ? AND default_card_id IS NULL",
                [.text(cardId), .text(wallet.walletId)])
            try await AuditLog.record(audit, issuerId: issuer.id, on: tx)
            return record
        }
        context.log.info(
            "wallet.card-enrolled",
            ["requestId": requestId, "issuer": issuer.id, "card": cardId, "state": tokenization.state.rawValue])
        return try await resource(record, issuer: issuer, walletId: wallet.walletId)
    }

    // MARK: Reading

    func card(_ cardId: String, in wallet: WalletRecord) async throws -> DigitalCardRecord {
        guard let card = try await WalletRepository.card(id: cardId, on: context.database),
            card.walletId == wallet.walletId, card.issuerId == wallet.issuerId
        else { throw ServiceError(.notFound, "no such card in this wallet") }
        return card
    }

    func list(issuer: Issuer, wallet: WalletRecord) async throws -> DigitalCardList {
        let current = try await WalletRepository.wallet(id: wallet.walletId, on: context.database) ?? wallet
        var cards: [DigitalCardResource] = []
        for record in try await WalletRepository.cards(walletId: wallet.walletId, on: context.database) {
            cards.append(try await resource(record, issuer: issuer, defaultCardId: current.defaultCardId))
        }
        return DigitalCardList(cards: cards)
    }

    func get(issuer: Issuer, wallet: WalletRecord, cardId: String) async throws -> DigitalCardResource {
        try await resource(try await card(cardId, in: wallet), issuer: issuer, walletId: wallet.walletId)
    }

    func defaultCard(issuer: Issuer, wallet: WalletRecord) async throws -> DigitalCardResource {
        guard let cardId = wallet.defaultCardId,
            let record = try await WalletRepository.card(id: cardId, on: context.database), record.state != .deleted
        else { throw ServiceError(.notFound, "the wallet has no default card") }
        return try await resource(record, issuer: issuer, defaultCardId: cardId)
    }

    func setDefaultCard(
        issuer: Issuer, wallet: WalletRecord, request: DefaultCardRequest
    ) async throws -> DigitalCardResource {
        let record = try await card(request.cardId, in: wallet)
        guard record.state != .deleted else {
            throw ServiceError(.illegalTransition, "a deleted card cannot be the default")
        }
        try await WalletRepository.setDefaultCard(record.cardId, walletId: wallet.walletId, on: context.database)
        return try await resource(record, issuer: issuer, defaultCardId: record.cardId)
    }

    // MARK: ID&V and lifecycle

    func verifyActivation(
        issuer: Issuer, wallet: WalletRecord, cardId: String, request: ActivationVerificationRequest, requestId: String
    ) async throws -> DigitalCardResource {
        let network = try requireNetwork()
        var record = try await card(cardId, in: wallet)
        guard (1...128).contains(request.sessionId.unicodeScalars.count),
            (1...16).contains(request.code.unicodeScalars.count)
        else {
            throw ServiceError(
                .invalidField, "the session id or code is malformed",
                fieldProblems: [FieldProblem(field: request.code.isEmpty ? "/code" : "/sessionId", reason: .malformed)])
        }
        guard record.state == .inactive else {
            throw ServiceError(.illegalTransition, "the card is not waiting for activation")
        }
        try await network.verifyActivation(
            issuerId: issuer.id, cardId: cardId, sessionId: request.sessionId, code: request.code)
        record.state = .active
        try await recordState(record, action: .activate, issuer: issuer, requestId: requestId)
        return try await resource(record, issuer: issuer, walletId: wallet.walletId)
    }

    func changeState(
        issuer: Issuer, wallet: WalletRecord, cardId: String, request: DigitalCardStateChangeRequest,
        requestId: String
    ) async throws -> DigitalCardResource {
        let network = try requireNetwork()
        var record = try await card(cardId, in: wallet)
        let action = request.action
        guard action != .activate else {
            throw ServiceError(.illegalTransition, "activation goes through the activation route")
        }
        guard TokenStateMachine.allows(action, from: record.state) else {
            throw ServiceError(.illegalTransition, "\(action) is not allowed from \(record.state)")
        }
        record.state = try await network.changeState(issuerId: issuer.id, cardId: cardId, action: action)
        try await recordState(record, action: action, issuer: issuer, requestId: requestId)
        return try await resource(record, issuer: issuer, walletId: wallet.walletId)
    }

    private func recordState(
        _ record: DigitalCardRecord, action: TokenLifecycleAction, issuer: Issuer, requestId: String
    ) async throws {
        let now = context.clock()
        let audit = AuditEvent(
            id: AuditLog.newEventId(), at: now, requestId: requestId, actor: "wallet",
            action: AuditAction(action), outcome: .success, cardRef: record.cardRef,
            panLastFour: record.panLastFour, tokenId: record.token.tokenId)
        try await context.database.transaction { tx in
            try await WalletRepository.updateState(cardId: record.cardId, state: record.state, at: now, on: tx)
            if record.state == .deleted {
                try await tx.execute(
                    "UPDATE wallets SET default_card_id = NULL WHERE wallet_id = ? AND default_card_id = ?",
                    [.text(record.walletId), .text(record.cardId)])
            }
            try await AuditLog.record(audit, issuerId: issuer.id, on: tx)
        }
        context.log.info(
            "wallet.card-state", ["requestId": requestId, "card": record.cardId, "state": record.state.rawValue])
    }

    // MARK: Payment keys

    func replenish(issuer: Issuer, wallet: WalletRecord, cardId: String) async throws -> PaymentKeyBatch {
        let network = try requireNetwork()
        let record = try await card(cardId, in: wallet)
        guard record.state == .active else {
            throw ServiceError(.illegalTransition, "payment keys are issued to active cards only")
        }
        let batch = try await network.issuePaymentKeys(
            issuerId: issuer.id, cardId: cardId, walletPublicKey: wallet.publicKey)
        let status = try await keyStatus(record, issuerId: issuer.id)
        return PaymentKeyBatch(
            cardId: cardId, keyType: .limitedUse, issuedAt: batch.issuedAt,
            ephemeralPublicKey: Data(batch.ephemeralPublicKey),
            keys: batch.keys.map { key in
                PaymentKey(
                    keyId: key.keyId, scheme: CardSchemeName(key.scheme.wireValue), expiresAt: key.expiresAt,
                    encryptedKey: Data(key.encryptedKey))
            }, paymentKeyInfo: status)
    }

    private func keyStatus(_ record: DigitalCardRecord, issuerId: String) async throws -> PaymentKeyStatus {
        let counts: WalletKeyCounts
        if record.state == .deleted {
            counts = WalletKeyCounts(main: 0, auxiliary: record.auxiliaryToken == nil ? nil : 0, earliestExpiry: nil)
        } else {
            counts = try await requireNetwork().paymentKeyCounts(issuerId: issuerId, cardId: record.cardId)
        }
        return PaymentKeyStatus(
            numberOfPaymentsLeft: counts.main, auxiliaryNumberOfPaymentsLeft: counts.auxiliary, keyType: .limitedUse,
            keyExpiry: counts.earliestExpiry, replenishmentThreshold: Self.replenishmentThreshold)
    }

    // MARK: Card art

    func art(
        issuer: Issuer, wallet: WalletRecord, cardId: String, type: CardArtType
    ) async throws -> CardArtStore.Art {
        let record = try await card(cardId, in: wallet)
        guard
            let art = try await CardArtStore.art(
                issuerId: issuer.id, productId: record.productId, type: type, on: context.database)
        else { throw ServiceError(.notFound, "no card art of this type") }
        return art
    }

    func uploadArt(issuer: Issuer, productId: String, type: CardArtType, png: [UInt8]) async throws -> String {
        guard (1...64).contains(productId.utf8.count),
            productId.utf8.allSatisfy({
                $0 == 45 || $0 == 46 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0)
                    || (97...122).contains($0)
            })
        else {
            throw ServiceError(
                .invalidField, "the product id is invalid",
                fieldProblems: [FieldProblem(field: "productId", reason: .malformed)])
        }
        _ = try CardArtSpecification.validate(png, as: type)
        return try await CardArtStore.put(
            png, issuerId: issuer.id, productId: productId, type: type, at: context.clock(), on: context.database)
    }

    // MARK: Resources

    private func resource(
        _ record: DigitalCardRecord, issuer: Issuer, walletId: String
    ) async throws
        -> DigitalCardResource
    {
        let wallet = try await WalletRepository.wallet(id: walletId, on: context.database)
        return try await resource(record, issuer: issuer, defaultCardId: wallet?.defaultCardId)
    }

    private func resource(
        _ record: DigitalCardRecord, issuer: Issuer, defaultCardId: String?
    ) async throws -> DigitalCardResource {
        let session =
            record.state == .inactive
            ? try await requireNetwork().activationSession(issuerId: issuer.id, cardId: record.cardId) : nil
        let auxiliary = record.auxiliaryToken
        return DigitalCardResource(
            id: record.cardId, state: record.state.wireStatus, isDefault: defaultCardId == record.cardId,
            productId: record.productId,
            metadata: DigitalCardMetadata(
                panLastDigits: record.panLastFour,
                panExpiry: try Self.openExpiry(record.panExpirySealed, cardId: record.cardId, issuer: issuer),
                tokenLastDigits: record.token.tokenSuffix, tokenExpiry: record.token.tokenExpiry,
                auxiliaryTokenLastDigits: auxiliary?.tokenSuffix, auxiliaryTokenExpiry: auxiliary?.tokenExpiry),
            paymentKeyInfo: try await keyStatus(record, issuerId: issuer.id),
            details: DigitalCardDetails(
                scheme: CardSchemeName(record.token.scheme.wireValue), paymentTypesSupported: [.contactless, .inApp],
                auxiliaryScheme: auxiliary.map { CardSchemeName($0.scheme.wireValue) }),
            paymentAccountReference: record.token.paymentAccountReference,
            auxiliaryPaymentAccountReference: auxiliary?.paymentAccountReference, pendingActivation: session)
    }

    // MARK: PAN expiry sealing

    private static func expiryKey(_ issuer: Issuer) throws -> [UInt8] {
        try HMACSHA256.authenticationCode(for: Array("pp-wallet-v1:pan-expiry".utf8), key: issuer.fingerprintSecret)
    }

    static func sealExpiry(_ expiry: String, cardId: String, issuer: Issuer) throws -> [UInt8] {
        let iv = try SecureRandom.bytes(count: AES256GCM.ivByteCount)
        return iv
            + (try AES256GCM.sealCombined(
                Array(expiry.utf8), key: try expiryKey(issuer), iv: iv, aad: Array(cardId.utf8)))
    }

    static func openExpiry(_ sealed: [UInt8], cardId: String, issuer: Issuer) throws -> String {
        guard sealed.count > AES256GCM.ivByteCount else { throw ServiceError(.internal, "a card record is corrupt") }
        let plaintext = try AES256GCM.openCombined(
            Array(sealed.dropFirst(AES256GCM.ivByteCount)), key: try expiryKey(issuer),
            iv: Array(sealed.prefix(AES256GCM.ivByteCount)), aad: Array(cardId.utf8))
        return String(decoding: plaintext, as: UTF8.self)
    }
}
