import Foundation
import ProvisioningAPI
import ProvisioningService
import ProvisioningStorage

/// A token as the sandbox network's vault holds it (`sandbox_tokens`), minus
/// the sealed DPAN and nonce, which stay in the database until needed.
struct VaultToken: Sendable {
    let id: String
    let issuerId: String
    let network: String
    let state: TokenState
    let tokenRequestorId: String
    let tokenSuffix: String
    let tokenExpiry: String
    let panFingerprint: String
    let panSuffix: String
    let deviceId: String
    let provisioningId: String
    let lastEventAt: Date
    /// Who holds the token suspended, in the order they suspended; empty
    /// unless the token is suspended.
    let suspenders: [Suspender]
    /// The `suspenders` column as stored, which an update must find unchanged.
    let suspendersColumn: String

    static let columns = """
        id, issuer_id, network, state, token_requestor_id, token_suffix, token_expiry, pan_fingerprint, pan_suffix,
        device_id, provisioning_id, last_event_at, suspenders
        """

    init(row: SQLRow) throws {
        guard let state = TokenState(rawValue: try row.decode(column: "state")) else {
            throw SandboxError(.corruptState, "a stored token has an unknown state")
        }
        id = try row.decode(column: "id")
        issuerId = try row.decode(column: "issuer_id")
        network = try row.decode(column: "network")
        self.state = state
        tokenRequestorId = try row.decode(column: "token_requestor_id")
        tokenSuffix = try row.decode(column: "token_suffix")
        tokenExpiry = try row.decode(column: "token_expiry")
        panFingerprint = try row.decode(column: "pan_fingerprint")
        panSuffix = try row.decode(column: "pan_suffix")
        deviceId = try row.decode(column: "device_id")
        provisioningId = try row.decode(column: "provisioning_id")
        lastEventAt = try row.decode(column: "last_event_at")
        suspendersColumn = try row.decode(column: "suspenders")
        suspenders = Suspensions.parse(suspendersColumn, state: state)
    }

    /// The wire status of a vault state.
    static func status(_ state: TokenState) -> TokenStatus {
        switch state {
        case .inactive: .inactive
        case .active: .active
        case .suspended: .suspended
        case .deleted: .deleted
        }
    }

    /// The network's event that reports entering `state` by `action`.
    static func eventType(for action: TokenLifecycleAction) -> TokenEventType {
        switch action {
        case .activate: .activated
        case .suspend: .suspended
        case .resume: .resumed
        case .delete: .deleted
        }
    }

    /// The next event time for this token: now, or the millisecond after the
    /// previous event, so the service's ordering (by time) never sees two events
    /// of a token at the same instant.
    ///
    /// Counted in whole milliseconds, the wire's precision: `previous + 0.001 s`
    /// in floating point, stored at microseconds and written truncated to the
    /// millisecond could print the previous event's time again (seen under load,
    /// `passStateFollowsTheToken`). The result sits mid-millisecond, so neither
    /// truncation nor rounding moves it to a neighbour.
    func nextEventTime(now: Date) -> Date {
        Self.eventTime(after: lastEventAt, now: now)
    }

    /// `now`'s millisecond, or the one after `previous`'s when that is later.
    static func eventTime(after previous: Date, now: Date) -> Date {
        func millisecond(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded(.down) }
        let next = max(millisecond(now), millisecond(previous) + 1)
        return Date(timeIntervalSince1970: (next + 0.5) / 1000)
    }
}
