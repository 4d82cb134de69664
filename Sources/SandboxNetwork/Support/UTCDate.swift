import Foundation
import ProvisioningPrimitives

/// The UTC calendar date (proleptic Gregorian) of a `Date`, by arithmetic on
/// days since 1970 rather than through `Calendar`.
///
/// `Calendar(identifier: .gregorian)` resolves the current time zone through
/// ICU even when UTC is set right after, and that alone faults a few MiB of
/// ICU into `tpc serve --sandbox`'s resident memory at start-up (the test
/// card list is dated then). Expiries only need the UTC year and month.
struct UTCDate: Hashable, Sendable {
    let year: Int
    /// 1 (January) to 12.
    let month: Int
    /// 1 to 31.
    let day: Int

    init(_ date: Date) {
        // Clamped so any Date converts; ±10^15 s is far beyond every real clock.
        let interval = date.timeIntervalSince1970
        let seconds = interval.isFinite ? Int64(min(max(interval, -1e15), 1e15).rounded(.down)) : 0
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let civil = CivilDate.civil(fromDays: days)
        self.year = Int(civil.year)
        self.month = Int(civil.month)
        self.day = Int(civil.day)
    }
}
