import Foundation
import ProvisioningAPI
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct TokenStateMachineTests {
    /// The complete table of legal moves, written out independently of the code.
    static let legal: [TokenState: [TokenLifecycleAction: TokenState]] = [
        .inactive: [.activate: .active, .delete: .deleted],
        .active: [.suspend: .suspended, .delete: .deleted],
        .suspended: [.resume: .active, .delete: .deleted],
        .deleted: [:],
    ]

    @Test func everyStateActionPairFollowsTheTable() {
        var checked = 0
        for state in TokenState.allCases {
            for action in TokenLifecycleAction.allCases {
                checked += 1
                if let expected = Self.legal[state]?[action] {
                    #expect((try? TokenStateMachine.transition(from: state, action: action)) == expected)
                    #expect(TokenStateMachine.allows(action, from: state))
                } else {
                    #expect(throws: IllegalTransition(from: state, action: action)) {
                        try TokenStateMachine.transition(from: state, action: action)
                    }
                    #expect(!TokenStateMachine.allows(action, from: state))
                }
            }
        }
        #expect(checked == 16)
    }

    /// What the service asks a network for: the table, and a suspend of a
    /// suspended token (the network keeps several suspensions and decides).
    @Test func theNetworkIsAskedForTheTablesMovesAndASuspendOfASuspendedToken() {
        for state in TokenState.allCases {
            for action in TokenLifecycleAction.allCases {
                let expected = Self.legal[state]?[action] != nil || (state == .suspended && action == .suspend)
                #expect(TokenStateMachine.mayAskNetwork(action, from: state) == expected, "\(action) from \(state)")
            }
        }
    }

    @Test func illegalTransitionNamesFromAndTo() {
        do {
            _ = try TokenStateMachine.transition(from: .active, action: .resume)
            Issue.record("resume of an active token was allowed")
        } catch {
            #expect(error.code == .illegalTransition)
            #expect(error.code.rawValue == "illegal-transition")
            #expect(error.from == .active)
            #expect(error.to == .active)
            #expect(error.action == .resume)
            #expect(error.description == "illegal-transition: resume from active to active")
        }
    }

    @Test func deletedIsTerminal() {
        for action in TokenLifecycleAction.allCases {
            #expect(!TokenStateMachine.allows(action, from: .deleted))
        }
        #expect(TokenState.deleted.isTerminal)
        #expect(!TokenState.suspended.isTerminal)
    }

    @Test func actionsParseTheSeedsSpelling() {
        #expect(TokenLifecycleAction(caseInsensitive: "Activate") == .activate)
        #expect(TokenLifecycleAction(caseInsensitive: "SUSPEND") == .suspend)
        #expect(TokenLifecycleAction(caseInsensitive: "resume") == .resume)
        #expect(TokenLifecycleAction(caseInsensitive: "Delete") == .delete)
        #expect(TokenLifecycleAction(caseInsensitive: "Reactivate") == nil)
    }

    @Test func eachActionNeedsTheScopeNamedForIt() {
        #expect(
            TokenLifecycleAction.allCases.map(AuthorizationScope.init)
                == [.tokenActivate, .tokenSuspend, .tokenResume, .tokenDelete])
        #expect(AuthorizationScope.tokenSuspend.rawValue == "token:suspend")
    }

    // MARK: Network events

    static let t0 = Instants.midJune2025
    static func at(_ seconds: TimeInterval, _ sequence: UInt64 = 0) -> TokenEventPosition {
        TokenEventPosition(occurredAt: t0.addingTimeInterval(seconds), sequence: sequence)
    }

    @Test func createdEventStartsTheStatus() {
        let active = TokenStateMachine.apply(TokenEvent(.created(.active), position: Self.at(0)), to: nil)
        #expect(active.status == PositionedTokenState(state: .active, position: Self.at(0)))
        #expect(active.effect == .created)
        let inactive = TokenStateMachine.apply(TokenEvent(.created(.inactive), position: Self.at(0)), to: nil)
        #expect(inactive.status.state == .inactive)
    }

    @Test func sameEventTwiceIsANoOp() {
        let event = TokenEvent(.suspended, position: Self.at(10))
        let first = TokenStateMachine.apply(event, to: PositionedTokenState(state: .active, position: Self.at(0)))
        #expect(first.effect == .changed(from: .active, to: .suspended))
        let second = TokenStateMachine.apply(event, to: first.status)
        #expect(second.effect == .ignoredDuplicate)
        #expect(second.status == first.status)
    }

    @Test func olderEventDoesNotRegress() {
        // Network order: created(inactive) t0, activated t5, suspended t10; delivered: suspended, then activated.
        var status = TokenStateMachine.apply(TokenEvent(.created(.inactive), position: Self.at(0)), to: nil).status
        status = TokenStateMachine.apply(TokenEvent(.suspended, position: Self.at(10)), to: status).status
        let late = TokenStateMachine.apply(TokenEvent(.activated, position: Self.at(5)), to: status)
        #expect(late.effect == .ignoredStale)
        #expect(late.status.state == .suspended)
        #expect(late.status.position == Self.at(10))
    }

    @Test func sequenceOrdersEventsWithTheSameTime() {
        let status = PositionedTokenState(state: .suspended, position: Self.at(10, 2))
        #expect(
            TokenStateMachine.apply(TokenEvent(.resumed, position: Self.at(10, 1)), to: status).effect == .ignoredStale)
        let newer = TokenStateMachine.apply(TokenEvent(.resumed, position: Self.at(10, 3)), to: status)
        #expect(newer.effect == .changed(from: .suspended, to: .active))
        #expect(newer.status.position == Self.at(10, 3))
    }

    @Test func nothingAfterDeletionRevivesTheToken() {
        let deleted = PositionedTokenState(state: .deleted, position: Self.at(10))
        for kind in [TokenEvent.Kind.created(.active), .activated, .resumed, .suspended] {
            let result = TokenStateMachine.apply(TokenEvent(kind, position: Self.at(20)), to: deleted)
            #expect(result.effect == .ignoredAfterDeletion)
            #expect(result.status == deleted)
        }
    }

    @Test func confirmationOfTheCurrentStateOnlyMovesThePosition() {
        let local = PositionedTokenState(state: .suspended, position: nil)
        let result = TokenStateMachine.apply(TokenEvent(.suspended, position: Self.at(3)), to: local)
        #expect(result.effect == .confirmed)
        #expect(result.status == PositionedTokenState(state: .suspended, position: Self.at(3)))
    }

    @Test func theNetworkIsTheAuthorityOnNewerEvents() {
        // A network may suspend a token still pending activation; the issuer-side
        // machine would refuse that action, the event still applies.
        let result = TokenStateMachine.apply(
            TokenEvent(.suspended, position: Self.at(1)),
            to: PositionedTokenState(state: .inactive, position: Self.at(0)))
        #expect(result.effect == .changed(from: .inactive, to: .suspended))
    }

    @Test func deliveryOrderDoesNotChangeTheOutcome() {
        let events = [
            TokenEvent(.created(.inactive), position: Self.at(0)), TokenEvent(.activated, position: Self.at(1)),
            TokenEvent(.suspended, position: Self.at(2)), TokenEvent(.resumed, position: Self.at(3)),
            TokenEvent(.suspended, position: Self.at(4)),
        ]
        let orders: [[Int]] = [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [0, 2, 1, 4, 3], [0, 0, 4, 4, 1, 2, 3]]
        for order in orders {
            var status: PositionedTokenState?
            for index in order { status = TokenStateMachine.apply(events[index], to: status).status }
            #expect(
                status == PositionedTokenState(state: .suspended, position: Self.at(4)), "order \(order)")
        }
    }
}
