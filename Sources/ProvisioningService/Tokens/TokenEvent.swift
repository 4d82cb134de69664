import Foundation

/// Something a card network reports about a token, with where it stands in the
/// network's own order of events.
///
/// Networks deliver notifications at least once and not necessarily in order;
/// ``TokenStateMachine/apply(_:to:)`` uses ``position`` to ignore duplicates and
/// events older than what is already known.
package struct TokenEvent: Hashable, Sendable {
    /// What happened.
    package enum Kind: Hashable, Sendable {
        /// The token was created, either usable (`.active`) or pending activation
        /// (`.inactive`). Other states are treated as `.inactive`.
        case created(TokenState)
        case activated
        case suspended
        case resumed
        case deleted

        /// The state the token is in after this event.
        package var resultingState: TokenState {
            switch self {
            case .created(let state): state == .active ? .active : .inactive
            case .activated, .resumed: .active
            case .suspended: .suspended
            case .deleted: .deleted
            }
        }
    }

    /// What happened.
    package let kind: Kind
    /// When and in which order the network says it happened.
    package let position: TokenEventPosition

    package init(_ kind: Kind, position: TokenEventPosition) {
        self.kind = kind
        self.position = position
    }

    /// An event at `occurredAt` with sequence number `sequence`.
    package init(_ kind: Kind, occurredAt: Date, sequence: UInt64 = 0) {
        self.init(kind, position: TokenEventPosition(occurredAt: occurredAt, sequence: sequence))
    }
}

/// Where an event stands in a network's order: first by the time the network
/// says it happened, then, for events with the same time, by the network's
/// sequence number for the token (0 when it sends none).
package struct TokenEventPosition: Hashable, Sendable, Comparable, Codable {
    /// The network's time of the event (not the time it reached the service).
    package let occurredAt: Date
    /// The network's sequence number, which breaks ties between equal times.
    package let sequence: UInt64

    package init(occurredAt: Date, sequence: UInt64 = 0) {
        self.occurredAt = occurredAt
        self.sequence = sequence
    }

    package static func < (lhs: TokenEventPosition, rhs: TokenEventPosition) -> Bool {
        (lhs.occurredAt, lhs.sequence) < (rhs.occurredAt, rhs.sequence)
    }
}

/// A token's state together with the position of the last change, which is what
/// the service stores to apply events idempotently.
package struct PositionedTokenState: Hashable, Sendable, Codable {
    /// The current state.
    package var state: TokenState
    /// The position of the event or action that set ``state``; `nil` when not known.
    package var position: TokenEventPosition?
}
