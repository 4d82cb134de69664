/// The life-cycle state of a payment token (a card provisioned to one device).
///
/// Raw values are the lower-case names the service stores and logs.
public enum TokenState: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Provisioned but pending activation: the network asked for in-app ID&V.
    case inactive
    /// Usable for payments.
    case active
    /// Temporarily unusable; ``TokenAction/resume`` makes it active again.
    case suspended
    /// Removed for good. Terminal: no action or event leaves this state.
    case deleted

    public var description: String { rawValue }

    /// Whether no action or event can leave this state.
    public var isTerminal: Bool { self == .deleted }
}
