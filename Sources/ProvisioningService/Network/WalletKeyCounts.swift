import Foundation

/// Unused, unexpired payment keys of a card, per brand.
public struct WalletKeyCounts: Sendable, Hashable {
    public var main: Int
    /// `nil` for a single-brand card.
    public var auxiliary: Int?
    /// The earliest expiry among the main brand's unused keys.
    public var earliestExpiry: Date?

    public init(main: Int, auxiliary: Int?, earliestExpiry: Date?) {
        self.main = main
        self.auxiliary = auxiliary
        self.earliestExpiry = earliestExpiry
    }
}
