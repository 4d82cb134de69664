import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningStorage

/// Receives the networks' signed token events and keeps the registry current.
///
/// The body names its issuer; the `X-PP-Signature` header is checked with that
/// issuer's notification secret before anything else in the body is trusted.
/// The timestamp must lie within the replay window, and each `eventId` is
/// applied once: a repeat is acknowledged as a duplicate without effect. Events
/// apply through ``TokenStateMachine/apply(_:to:)``, ordered by `occurredAt`.
struct NotificationReceiver: Sendable {
    let context: ServiceContext
    var replayWindow: Duration = NotificationSignature.defaultReplayWindow

    /// The largest notification body read.
    static let maximumBodyBytes = 64 * 1024

    func receive(body: [UInt8], signatureHeader: String?, requestId: String) async throws -> TokenEventReceipt {
        guard body.count <= Self.maximumBodyBytes else {
            throw ServiceError(.invalidField, "the notification is too large")
        }
        guard let signatureHeader, let signature = NotificationSignature(headerValue: signatureHeader) else {
            throw ServiceError(.notificationSignatureInvalid, "the notification is not signed")
        }
        // Only the issuer id is read before the signature is checked.
        struct IssuerOnly: Decodable { let issuerId: String }
        guard let issuerId = try? JSONDecoder().decode(IssuerOnly.self, from: Data(body)).issuerId else {
            throw ServiceError(.malformedJSON, "the notification is not a token event")
        }
        guard let issuer = context.issuers[issuerId] else {
            // Unknown issuers cannot be told apart from bad signatures by a caller.
            throw ServiceError(.notificationSignatureInvalid, "the notification signature is invalid")
        }
        let signed = Array(NotificationSignature.signedPayload(timestamp: signature.timestamp, body: Data(body)))
        let expected = try HMACSHA256.authenticationCode(for: signed, key: issuer.notificationSecret)
        var valid = false
        for candidate in signature.signatures {
            if let bytes = try? Hex.decode(candidate), ConstantTime.equals(bytes, expected) { valid = true }
        }
        guard valid else { throw ServiceError(.notificationSignatureInvalid, "the notification signature is invalid") }
        let now = context.clock()
        guard signature.isFresh(at: now, window: replayWindow) else {
            throw ServiceError(.notificationStale, "the notification timestamp is outside the replay window")
        }
        // Decoded and checked against the contract (unknown members refused)
        // before the event id is looked at, so a duplicate is no looser.
        let event = try RequestBody.decode(TokenEventNotification.self, from: body)
        return try await apply(event, issuer: issuer, requestId: requestId, now: now)
    }

    private func apply(
        _ event: TokenEventNotification, issuer: Issuer, requestId: String, now: Date
    ) async throws -> TokenEventReceipt {
        guard (1...128).contains(event.eventId.unicodeScalars.count),
            (1...128).contains(event.tokenId.unicodeScalars.count)
        else {
            throw ServiceError(.invalidField, "eventId and tokenId must be 1–128 characters")
        }
        var problems: [FieldProblem] = []
        if let suffix = event.tokenSuffix, !Self.isTokenSuffix(suffix) {
            problems.append(FieldProblem(field: "/tokenSuffix", reason: .malformed))
        }
        if let expiry = event.tokenExpiry, CardExpiration(wireValue: expiry) == nil {
            problems.append(FieldProblem(field: "/tokenExpiry", reason: .malformed))
        }
        guard problems.isEmpty else {
            throw ServiceError(.invalidField, "the notification has invalid fields", fieldProblems: problems)
        }
        let kind = Self.kind(of: event)
        let position = TokenEventPosition(occurredAt: event.occurredAt)
        let outcome: (effect: TokenStateMachine.EventEffect, previous: TokenState?, state: TokenState)? =
            try await context.database.transaction { tx in
                guard
                    try await ReplayGuard.consumeNotificationEvent(
                        event.eventId, issuerId: issuer.id, at: now, on: tx)
                else { return nil }
                let existing = try await TokenRepository.find(issuerId: issuer.id, tokenId: event.tokenId, on: tx)
                var record: TokenRecord
                if let existing {
                    record = existing
                } else {
                    record = try await newRecord(for: event, issuer: issuer, now: now, on: tx)
                }
                let current = existing.map { PositionedTokenState(state: $0.state, position: $0.eventPosition) }
                let (status, effect) = TokenStateMachine.apply(TokenEvent(kind, position: position), to: current)
                switch effect {
                case .ignoredDuplicate, .ignoredStale, .ignoredAfterDeletion:
                    return (effect, existing?.state, record.state)
                case .created, .changed, .confirmed:
                    break
                }
                record.state = status.state
                record.eventPosition = status.position
                record.updatedAt = now
                if let device = event.device { record.device = device }
                if let suffix = event.tokenSuffix { record.tokenSuffix = suffix }
                if let expiry = event.tokenExpiry { record.tokenExpiry = expiry }
                if let requestor = event.tokenRequestorId { record.tokenRequestorId = requestor }
                try await TokenRepository.upsert(record, on: tx)
                try await AuditLog.record(
                    AuditEvent(
                        id: AuditLog.newEventId(), at: now, requestId: requestId, actor: "network",
                        action: .networkNotification, outcome: .success, cardRef: record.cardRef,
                        panLastFour: record.panLastFour, tokenId: record.tokenId, detail: event.event.rawValue),
                    issuerId: issuer.id, on: tx)
                return (effect, existing?.state, record.state)
            }
        guard let outcome else {
            context.log.info("notification.duplicate", ["requestId": requestId, "issuer": issuer.id])
            return TokenEventReceipt(eventId: event.eventId, duplicate: true)
        }
        if outcome.previous != outcome.state {
            context.metrics.observeTransition(from: outcome.previous, to: outcome.state, source: "network")
        }
        context.log.info(
            "notification.applied",
            [
                "requestId": requestId, "issuer": issuer.id, "event": event.event.rawValue,
                "state": outcome.state.rawValue,
            ])
        return TokenEventReceipt(eventId: event.eventId, duplicate: false)
    }

    /// A registry entry for a token the service has not seen: the card comes
    /// from the provisioning attempt the event names.
    private func newRecord(
        for event: TokenEventNotification, issuer: Issuer, now: Date, on executor: any SQLExecutor
    ) async throws -> TokenRecord {
        guard let provisioningId = event.provisioningId else {
            throw ServiceError(.notFound, "the token is unknown and the event names no provisioning attempt")
        }
        guard
            let attempt = try await ProvisioningAttempt.find(
                provisioningId: provisioningId, issuerId: issuer.id, on: executor)
        else { throw ServiceError(.notFound, "no such provisioning attempt") }
        return TokenRecord(
            issuerId: issuer.id, tokenId: event.tokenId, cardRef: attempt.cardRef,
            panFingerprint: attempt.panFingerprint, panLastFour: attempt.panLastFour,
            tokenSuffix: event.tokenSuffix ?? "", tokenExpiry: event.tokenExpiry ?? "", scheme: attempt.scheme,
            state: TokenState(event.state), device: event.device, tokenRequestorId: event.tokenRequestorId ?? "",
            provisioningId: provisioningId, createdAt: now, updatedAt: now, eventPosition: nil)
    }

    static func kind(of event: TokenEventNotification) -> TokenEvent.Kind {
        if event.event == .created { return .created(TokenState(event.state)) }
        switch event.state {
        case .active: return event.event == .resumed ? .resumed : .activated
        case .suspended: return .suspended
        case .deleted: return .deleted
        case .inactive: return .created(.inactive)
        }
    }

    /// `^[0-9]{4}$`, as the contract's TokenEventNotification says.
    static func isTokenSuffix(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 4 && bytes.allSatisfy { (0x30...0x39).contains($0) }
    }
}
