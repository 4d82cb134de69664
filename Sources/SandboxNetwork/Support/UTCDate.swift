import Foundation

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
        // Howard Hinnant's civil_from_days: eras of 400 years starting on
        // 1 March, so the leap day is the last day of its year.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        self.month = Int(month)
        self.day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }
}
