import Foundation

/// How often the retention job runs and how long it keeps what it deletes.
///
/// `tpc serve` takes them from `--retention-interval`,
/// `--retention-clock-skew` and `--retention-nonce-validity` (or the
/// `TPC_RETENTION_*` environment variables).
///
/// ```swift
/// let settings = RetentionSettings(interval: .seconds(60), clockSkew: 300, usedNonceValidity: 86_400)
/// ```
package struct RetentionSettings: Sendable, Hashable {
    /// The time between two runs on one instance; zero turns the job off.
    package var interval: Duration
    /// How far apart the clocks of the instances (and the issuer's) may be, in
    /// seconds: added to every validity, so that an instance whose clock runs
    /// ahead never deletes what another would still refuse as used.
    package var clockSkew: TimeInterval
    /// How long a used nonce is refused again, in seconds. The nonce of an add
    /// request is Apple's, single-use and short-lived on Apple's side (the
    /// sandbox's live five minutes); the default day is a wide margin.
    package var usedNonceValidity: TimeInterval

    package init(
        interval: Duration = .seconds(60), clockSkew: TimeInterval = 300, usedNonceValidity: TimeInterval = 86_400
    ) {
        self.interval = max(interval, .zero)
        self.clockSkew = max(0, clockSkew)
        self.usedNonceValidity = max(0, usedNonceValidity)
    }
}
