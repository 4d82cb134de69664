import Foundation

/// Unused, unexpired payment keys of a card, per brand.
package struct WalletKeyCounts: Sendable, Hashable {
    package var main: Int
    /// `nil` for a single-brand card.
    package var auxiliary: Int?
    /// The earliest expiry among the main brand's unused keys.
    package var earliestExpiry: Date?

    package init(main: Int, auxiliary: Int?, earliestExpiry: Date?) {
        self.main = main
        self.auxiliary = auxiliary
        self.earliestExpiry = earliestExpiry
    }
}
