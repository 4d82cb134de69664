import ProvisioningAPI

/// The token life cycle: which actions are legal from which state, and how
/// network events move a token.
///
/// ```
///  inactive ──activate──▶ active ──suspend──▶ suspended
///                           ▲                    │
///                           └──────resume────────┘
///  inactive | active | suspended ──delete──▶ deleted (terminal)
/// ```
///
/// Suspending a suspended token is not a change the service can judge: a
/// network may keep several suspensions of one token (MDES: the issuer's, the
/// cardholder's…, active again when the last is lifted), so the issuer joining
/// a cardholder's suspension is a real change, which the network accepts or
/// refuses. ``mayAskNetwork(_:from:)`` allows it; ``transition(from:action:)``
/// does not, as the state stays.
package enum TokenStateMachine {
    /// The state `action` leads to from `state`.
    ///
    /// - Throws: ``IllegalTransition`` for every pair not in the diagram above,
    ///   including an action that would not change anything (activating an active
    ///   token) and anything on a deleted token. Retries of an operation are the
    ///   caller's idempotency concern, not the state machine's.
    package static func transition(
        from state: TokenState, action: TokenLifecycleAction
    ) throws(IllegalTransition)
        -> TokenState
    {
        // The rule is the contract's (`TokenLifecycleAction.isAllowed(from:)`,
        // which the SDK's users read too): written once, so the service cannot
        // refuse what the contract allows or the other way round.
        guard action.isAllowed(from: state.wireStatus) else {
            throw IllegalTransition(from: state, action: action)
        }
        return action.targetState
    }

    /// Whether `action` is legal from `state`.
    package static func allows(_ action: TokenLifecycleAction, from state: TokenState) -> Bool {
        (try? transition(from: state, action: action)) != nil
    }

    /// Whether the service may ask the network for `action` on a token in
    /// `state`: the moves of the diagram, and suspending a suspended token,
    /// which the network decides.
    package static func mayAskNetwork(_ action: TokenLifecycleAction, from state: TokenState) -> Bool {
        allows(action, from: state) || (state == .suspended && action == .suspend)
    }

    /// What applying a network event did.
    package enum EventEffect: Hashable, Sendable {
        /// The token was not known; the event created its status.
        case created
        /// The state changed.
        case changed(from: TokenState, to: TokenState)
        /// The event is newer than the last change but asserts the state the token
        /// already has (for example the network confirming an action the service
        /// asked for); only the position moved.
        case confirmed
        /// The event is at the position already recorded: a redelivery.
        case ignoredDuplicate
        /// The event is older than the last recorded change: delivered late.
        case ignoredStale
        /// The token is deleted, which no later event undoes.
        case ignoredAfterDeletion
    }

    /// Applies a network event to a token's stored status.
    ///
    /// The rule, which makes delivery order and repetition irrelevant:
    ///
    /// 1. Events are ordered by ``TokenEventPosition`` (the network's event time,
    ///    then its sequence number).
    /// 2. An event at or before the recorded position changes nothing, so a
    ///    redelivered event is a no-op and a late one cannot regress the state.
    /// 3. A deleted token stays deleted.
    /// 4. Otherwise the network is the authority on the token: the state becomes
    ///    the event's ``TokenEvent/Kind/resultingState`` even when the issuer-side
    ///    state machine would not allow that move (a network may suspend an
    ///    inactive token), and the position advances.
    ///
    /// A status with no position (set by a local action without a network time)
    /// accepts any event that is not excluded by rule 3.
    ///
    /// - Parameters:
    ///   - event: The network's event.
    ///   - current: The stored status, or `nil` when the token is not known yet.
    /// - Returns: The status to store and what happened.
    package static func apply(
        _ event: TokenEvent, to current: PositionedTokenState?
    ) -> (
        status: PositionedTokenState, effect: EventEffect
    ) {
        let target = event.kind.resultingState
        guard let current else {
            return (PositionedTokenState(state: target, position: event.position), .created)
        }
        if let known = current.position {
            if event.position == known { return (current, .ignoredDuplicate) }
            if event.position < known { return (current, .ignoredStale) }
        }
        if current.state.isTerminal { return (current, .ignoredAfterDeletion) }
        let next = PositionedTokenState(state: target, position: event.position)
        return (next, current.state == target ? .confirmed : .changed(from: current.state, to: target))
    }
}
