import ProvisioningAPI
import ProvisioningPrimitives

/// A life-cycle action that the token's current state does not allow, such as
/// resuming an active token or anything on a deleted one. Map it to HTTP 409.
///
/// ```swift
/// do {
///     _ = try TokenStateMachine.transition(from: .deleted, action: .resume)
/// } catch let error as IllegalTransition {
///     print(error)  // "illegal-transition: resume from deleted to active"
/// }
/// ```
package struct IllegalTransition: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The action is not allowed from the current state.
        package static let illegalTransition = Code(rawValue: "illegal-transition")
    }

    /// The kind of failure.
    package let code: Code
    /// The token's state when the action was asked for.
    package let from: TokenState
    /// The state the action would have led to.
    package let to: TokenState
    /// The action that was refused.
    package let action: TokenLifecycleAction

    package init(_ code: Code = .illegalTransition, from: TokenState, action: TokenLifecycleAction) {
        self.code = code
        self.from = from
        self.to = action.targetState
        self.action = action
    }

    package var description: String { "\(code): \(action) from \(from) to \(to)" }
}
