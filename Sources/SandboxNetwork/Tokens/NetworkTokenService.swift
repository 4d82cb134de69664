import Foundation
import MastercardMDES
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningService
import ProvisioningStorage

/// The card networks' token services in the sandbox: the token vault
/// (`sandbox_tokens`), tokenization with an ID&V decision driven by the
/// documented test cards, lifecycle operations and their notifications.
///
/// The service reaches it through ``TokenServiceConnector``; the sandbox's
/// Apple side calls ``tokenize(_:on:)`` and ``activate(tokenId:activationData:)``.
///
/// Card data: a token row keeps the DPAN sealed under the sandbox master key
/// (only its last four digits in clear), the funding PAN as the network's own
/// keyed fingerprint plus its last four digits, and the add request's nonce
/// sealed (device-side activation checks activation data against it).
final class NetworkTokenService: TokenServiceConnector {
    /// How long a new token is valid.
    static let tokenLifetimeYears = 3

    let database: any SQLDatabase
    private let issuers: IssuerDirectory
    private let outbox: NotificationOutbox
    private let clock: @Sendable () -> Date
    private let dpanSealing: SealingKey
    private let nonceSealing: SealingKey
    private let fingerprintKey: [UInt8]

    init(
        database: any SQLDatabase, issuers: IssuerDirectory, outbox: NotificationOutbox, masterKey: SandboxMasterKey,
        clock: @escaping @Sendable () -> Date
    ) throws {
        self.database = database
        self.issuers = issuers
        self.outbox = outbox
        self.clock = clock
        dpanSealing = try SealingKey(master: masterKey, purpose: "dpan")
        nonceSealing = try SealingKey(master: masterKey, purpose: "add-request-nonce")
        fingerprintKey = try masterKey.derivedKey("network-pan-fingerprint")
    }

    // MARK: Tokenization

    /// What the Apple side asks the network to tokenize.
    struct TokenizationRequest: Sendable {
        let issuer: IssuerSettings
        let scheme: CardScheme
        let primaryAccountNumber: String
        let device: SandboxDevice
        let provisioningId: String
        let nonce: [UInt8]
        let nonceHash: String
    }

    /// The network's keyed fingerprint of a PAN (not the issuer's: each party
    /// keys its own).
    func panFingerprint(_ pan: String) throws -> String {
        Hex.encode(try HMACSHA256.authenticationCode(for: Array(pan.utf8), key: fingerprintKey))
    }

    /// Creates a token for an approved card inside the caller's transaction and
    /// queues its `CREATED` event; returns the token and the event id.
    ///
    /// The caller has already asked ``decision(forPAN:)``; a declined card
    /// never reaches this point.
    func tokenize(
        _ request: TokenizationRequest, state: TokenState, on executor: any SQLExecutor
    ) async throws -> (VaultToken, eventId: String) {
        let now = clock()
        let tokenId = try Identifiers.make()
        let dpan = try Self.makeDPAN(like: request.primaryAccountNumber)
        let expiry = Self.expiry(from: now)
        let requestorId = IssuerDirectory.tokenRequestorId(for: request.issuer)
        let network = request.scheme.wireValue.lowercased()
        try await executor.execute(
            """
            INSERT INTO sandbox_tokens (id, issuer_id, network, state, token_requestor_id, dpan_sealed, token_suffix,
                token_expiry, pan_fingerprint, pan_suffix, device_id, provisioning_id, nonce_hash, nonce_sealed,
                last_event_at, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(tokenId), .text(request.issuer.id), .text(network), .text(state.rawValue), .text(requestorId),
                .blob(try dpanSealing.seal(Array(dpan.utf8), context: tokenId)), .text(String(dpan.suffix(4))),
                .text(expiry), .text(try panFingerprint(request.primaryAccountNumber)),
                .text(String(request.primaryAccountNumber.suffix(4))), .text(request.device.id),
                .text(request.provisioningId), .text(request.nonceHash),
                .blob(try nonceSealing.seal(request.nonce, context: tokenId)), .timestamp(now), .timestamp(now),
                .timestamp(now),
            ])
        guard let token = try await load(tokenId: tokenId, on: executor) else {
            throw SandboxError(.corruptState, "a new token cannot be read back")
        }
        let eventId = try await enqueueEvent(
            .created, token: token, occurredAt: now, provisioningId: request.provisioningId, on: executor)
        return (token, eventId)
    }

    // MARK: TokenServiceConnector

    /// The vault applies a change at most once per idempotency key (a unique
    /// key; a repeat answers the token as it stands).
    func changesAreIdempotent(_ command: TokenStateChangeCommand) -> Bool { true }

    func changeTokenState(_ command: TokenStateChangeCommand) async throws -> NetworkToken {
        let result: (NetworkToken, eventId: String?)
        do {
            result = try await database.transaction { tx in
                try await self.apply(command, on: tx)
            }
        } catch let error as StorageError where error.code == .uniqueViolation {
            // Another process applied the same idempotency key first: answer
            // with the token as it now stands, without applying again.
            return try await replay(command)
        } catch let error as StorageError where error.code == .connectionFailure {
            throw ServiceError(.networkUnavailable, "the sandbox vault cannot be reached")
        }
        if let eventId = result.eventId {
            await outbox.deliver(eventIds: [eventId])
        }
        return result.0
    }

    func token(issuerId: String, tokenId: String, scheme: CardScheme) async throws -> NetworkToken? {
        guard let token = try await load(tokenId: tokenId, on: database), token.issuerId == issuerId else {
            return nil
        }
        return try await networkToken(token, on: database)
    }

    private func apply(
        _ command: TokenStateChangeCommand, on tx: any SQLExecutor
    ) async throws -> (NetworkToken, eventId: String?) {
        if let previous = try await tx.queryFirst(
            "SELECT token_id FROM sandbox_token_operations WHERE issuer_id = ? AND idempotency_key = ?",
            [.text(command.issuerId), .text(command.idempotencyKey)])
        {
            return (try await replayed(command, recordedTokenId: try previous.decode(column: "token_id"), on: tx), nil)
        }
        guard let token = try await load(tokenId: command.tokenId, on: tx), token.issuerId == command.issuerId else {
            throw ServiceError(.networkUnknownToken, "the network does not know this token")
        }
        // The service and the Customer Service API both act for the issuer.
        let next: (state: TokenState, suspenders: [Suspender])
        do {
            next = try Suspensions.apply(
                command.action, by: .issuer, state: token.state, suspenders: token.suspenders)
        } catch {
            throw ServiceError(.networkRejected, "the token's state does not allow this action")
        }
        try await tx.execute(
            """
            INSERT INTO sandbox_token_operations (issuer_id, idempotency_key, token_id, action, created_at)
            VALUES (?, ?, ?, ?, ?)
            """,
            [
                .text(command.issuerId), .text(command.idempotencyKey), .text(command.tokenId),
                .text(command.action.name), .timestamp(clock()),
            ])
        let (updated, eventId) = try await transition(
            token, to: next.state, suspenders: next.suspenders, event: VaultToken.eventType(for: command.action),
            on: tx)
        return (try await networkToken(updated, on: tx), eventId)
    }

    private func replay(_ command: TokenStateChangeCommand) async throws -> NetworkToken {
        guard
            let previous = try await database.queryFirst(
                "SELECT token_id FROM sandbox_token_operations WHERE issuer_id = ? AND idempotency_key = ?",
                [.text(command.issuerId), .text(command.idempotencyKey)])
        else { throw ServiceError(.networkUnavailable, "the operation could not be recorded; retry") }
        return try await replayed(command, recordedTokenId: try previous.decode(column: "token_id"), on: database)
    }

    private func replayed(
        _ command: TokenStateChangeCommand, recordedTokenId: String, on executor: any SQLExecutor
    ) async throws -> NetworkToken {
        guard recordedTokenId == command.tokenId,
            let token = try await load(tokenId: recordedTokenId, on: executor)
        else {
            throw ServiceError(.networkRejected, "the idempotency key was used for another token")
        }
        return try await networkToken(token, on: executor)
    }

    // MARK: Other suspenders

    /// `party` suspends the token or lifts its own suspension, under MDES's
    /// rules for several suspenders (``Suspensions``), and the service is
    /// notified when the token's state changed.
    ///
    /// This is how a suspension that is not the issuer's reaches the vault:
    /// the cardholder's, from a device's lost mode.
    ///
    /// - Throws: ``SandboxError`` `illegalTransition` when the rules refuse
    ///   it (nothing changes), `unknownPass` for an unknown token.
    @discardableResult
    func change(tokenId: String, _ action: TokenLifecycleAction, by party: Suspender) async throws -> VaultToken {
        // The device's request has no service behind it to retry when the
        // issuer changed the token meanwhile (``transition``'s guard): read
        // the token again and re-apply, a bounded number of times.
        var attempt = 1
        while true {
            do {
                return try await changeOnce(tokenId: tokenId, action, by: party)
            } catch let error as ServiceError where error.code == .networkUnavailable && attempt < 5 {
                attempt += 1
            }
        }
    }

    private func changeOnce(
        tokenId: String, _ action: TokenLifecycleAction, by party: Suspender
    ) async throws -> VaultToken {
        let (token, eventId) = try await database.transaction { tx -> (VaultToken, String?) in
            guard let token = try await self.load(tokenId: tokenId, on: tx) else {
                throw SandboxError(.unknownPass, "the pass's token is not known")
            }
            let next: (state: TokenState, suspenders: [Suspender])
            do {
                next = try Suspensions.apply(action, by: party, state: token.state, suspenders: token.suspenders)
            } catch {
                throw SandboxError(.illegalTransition, "the token's suspensions do not allow this action")
            }
            return try await self.transition(
                token, to: next.state, suspenders: next.suspenders, event: VaultToken.eventType(for: action), on: tx)
        }
        if let eventId { await outbox.deliver(eventIds: [eventId]) }
        return token
    }

    // MARK: Device-side activation

    /// Activates an inactive token with the activation data of its add request
    /// (PassKit's `activate(_:activationData:)`), and notifies the service.
    ///
    /// - Throws: ``SandboxError`` `activationDataInvalid` when the data was not
    ///   made for this token's add request, `illegalTransition` when the token
    ///   is not inactive.
    func activate(tokenId: String, activationData: [UInt8]) async throws -> VaultToken {
        let (token, eventId) = try await database.transaction { tx -> (VaultToken, String?) in
            guard let token = try await self.load(tokenId: tokenId, on: tx),
                let row = try await tx.queryFirst(
                    "SELECT nonce_sealed FROM sandbox_tokens WHERE id = ?", [.text(tokenId)]),
                let issuer = self.issuers.entry(issuerId: token.issuerId)
            else { throw SandboxError(.unknownPass, "the pass's token is not known") }
            let nonce = try self.nonceSealing.open(
                try row.decode([UInt8].self, column: "nonce_sealed"), context: tokenId)
            // A TAV (an MDES issuer's Mastercard card) was verified for the
            // card when the token was made; the same TAV again is its proof.
            let provisioningId =
                token.network == "mastercard" && issuer.mdes != nil
                ? try? TokenizationAuthenticationValue.provisioningId(tav: activationData, nonce: nonce)
                : ActivationData.verify(activationData, nonce: nonce, secret: issuer.activationDataSecret)
            guard let provisioningId,
                ConstantTime.equals(Array(Hex.encode(provisioningId).utf8), Array(token.provisioningId.utf8))
            else {
                throw SandboxError(
                    .activationDataInvalid, "the activation data was not made for this pass",
                    fields: [FieldProblem(field: "/activationData", reason: .verificationFailed)])
            }
            guard TokenStateMachine.allows(.activate, from: token.state) else {
                throw SandboxError(.illegalTransition, "only a pass that requires activation can be activated")
            }
            return try await self.transition(token, to: .active, suspenders: [], event: .activated, on: tx)
        }
        if let eventId { await outbox.deliver(eventIds: [eventId]) }
        return token
    }

    // MARK: Vault rows

    func load(tokenId: String, on executor: any SQLExecutor) async throws -> VaultToken? {
        try await executor.queryFirst(
            "SELECT \(VaultToken.columns) FROM sandbox_tokens WHERE id = ?", [.text(tokenId)]
        ).map(VaultToken.init(row:))
    }

    /// Moves `token` to `target` held by `suspenders`, and queues `event`
    /// when its state changed. Another suspender joining, or lifting its
    /// suspension while others hold the token, changes no state: the service
    /// hears nothing then, as its registry keeps states, not suspenders.
    ///
    /// The update requires the row to be as it was read, so a concurrent
    /// change of the same token (the cardholder's beside the issuer's) is not
    /// overwritten: the loser fails `networkUnavailable`, which the service
    /// (or, for a device's change, ``change(tokenId:_:by:)``) retries.
    private func transition(
        _ token: VaultToken, to target: TokenState, suspenders: [Suspender], event: TokenEventType,
        on tx: any SQLExecutor
    ) async throws -> (VaultToken, eventId: String?) {
        let changesState = target != token.state
        let occurredAt = changesState ? token.nextEventTime(now: clock()) : token.lastEventAt
        let updatedRows = try await tx.execute(
            """
            UPDATE sandbox_tokens SET state = ?, suspenders = ?, last_event_at = ?, updated_at = ?
            WHERE id = ? AND state = ? AND suspenders = ?
            """,
            [
                .text(target.rawValue), .text(Suspensions.column(suspenders)), .timestamp(occurredAt),
                .timestamp(clock()), .text(token.id), .text(token.state.rawValue),
                .text(token.suspendersColumn),
            ])
        guard updatedRows == 1 else {
            throw ServiceError(.networkUnavailable, "the token changed during the update; retry")
        }
        guard let updated = try await load(tokenId: token.id, on: tx) else {
            throw SandboxError(.corruptState, "a token vanished during an update")
        }
        guard changesState else { return (updated, nil) }
        let eventId = try await enqueueEvent(event, token: updated, occurredAt: occurredAt, provisioningId: nil, on: tx)
        return (updated, eventId)
    }

    private func enqueueEvent(
        _ type: TokenEventType, token: VaultToken, occurredAt: Date, provisioningId: String?,
        on executor: any SQLExecutor
    ) async throws -> String {
        let device = try await deviceInfo(id: token.deviceId, on: executor)
        let eventId = try Identifiers.make(prefix: "evt_")
        let notification = TokenEventNotification(
            eventId: eventId, issuerId: token.issuerId, tokenId: token.id, event: type,
            state: VaultToken.status(token.state), device: device, tokenRequestorId: token.tokenRequestorId,
            tokenSuffix: type == .created ? token.tokenSuffix : nil,
            tokenExpiry: type == .created ? token.tokenExpiry : nil, occurredAt: occurredAt)
        try await outbox.enqueue(
            OutgoingTokenEvent(notification: notification, provisioningId: provisioningId), network: token.network,
            on: executor)
        return eventId
    }

    private func deviceInfo(id: String, on executor: any SQLExecutor) async throws -> DeviceInfo? {
        guard
            let row = try await executor.queryFirst(
                "SELECT id, kind, name FROM sandbox_devices WHERE id = ?", [.text(id)])
        else { return nil }
        let kind = SandboxDeviceKind(rawValue: try row.decode(column: "kind"))
        return DeviceInfo(
            id: try row.decode(column: "id"), name: try row.decode(column: "name"),
            type: kind == .watch ? .watch : .phone)
    }

    private func networkToken(_ token: VaultToken, on executor: any SQLExecutor) async throws -> NetworkToken {
        NetworkToken(
            issuerId: token.issuerId, tokenId: token.id, state: token.state, tokenRequestorId: token.tokenRequestorId,
            tokenSuffix: token.tokenSuffix, tokenExpiry: token.tokenExpiry, panSuffix: token.panSuffix,
            device: try await deviceInfo(id: token.deviceId, on: executor), provisioningId: token.provisioningId)
    }

    // MARK: Token numbers

    /// A random Luhn-valid number of the PAN's length that keeps its first two
    /// digits, so the DPAN routes like a card of the same network.
    static func makeDPAN(like pan: String) throws -> String {
        let length = max(13, pan.count)
        let prefix = String(pan.prefix(2))
        let random = try SecureRandom.bytes(count: length)
        var body = prefix
        for byte in random.prefix(length - prefix.count - 1) {
            body.append(Character(String(Int(byte) % 10)))
        }
        guard let check = Luhn.checkDigit(forPayload: body) else {
            throw SandboxError(.internalFailure, "a token number cannot be formed")
        }
        return body + String(check)
    }

    /// `MM/YY` of the month `tokenLifetimeYears` after `now` (UTC).
    static func expiry(from now: Date) -> String {
        let date = UTCDate(now)
        let month = date.month
        let year = (date.year + tokenLifetimeYears) % 100
        return (month < 10 ? "0\(month)" : "\(month)") + "/" + (year < 10 ? "0\(year)" : "\(year)")
    }

    /// What the network's ID&V decides for a card: the documented test cards'
    /// outcome, approval for any other number. The OTP outcome of the
    /// issuer-wallet cards counts as "requires activation" here.
    static func decision(forPAN pan: String) -> SandboxOutcome {
        SandboxTestCards.outcome(forPAN: pan)
    }
}

extension NetworkTokenService {
    /// Apple's identifier of a funding account, the same on every device:
    /// derived from the PAN with the network's key, so it reveals nothing.
    func primaryAccountIdentifier(forPAN pan: String) throws -> String {
        "SBX" + String(try panFingerprint("primary-account-identifier:" + pan).prefix(29)).uppercased()
    }
}
