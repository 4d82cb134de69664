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
public struct IllegalTransition: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The action is not allowed from the current state.
        public static let illegalTransition = Code(rawValue: "illegal-transition")
    }

    /// The kind of failure.
    public let code: Code
    /// The token's state when the action was asked for.
    public let from: TokenState
    /// The state the action would have led to.
    public let to: TokenState
    /// The action that was refused.
    public let action: TokenAction

    public init(_ code: Code = .illegalTransition, from: TokenState, action: TokenAction) {
        self.code = code
        self.from = from
        self.to = action.targetState
        self.action = action
    }

    public var description: String { "\(code): \(action) from \(from) to \(to)" }
}
