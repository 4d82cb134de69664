/// The `tpc` process exit statuses. The values are stable: scripts depend on
/// them. They follow BSD `sysexits.h` where a matching status exists.
package enum ExitCode: Int32, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Everything asked for was done (and, for `tpc demo`, verified).
    case success = 0
    /// The command ran and failed (a verification failed, the service refused).
    case failure = 1
    /// The command line is wrong (`EX_USAGE`).
    case usage = 64
    /// Input data is wrong: a malformed card JSON, a bad PEM (`EX_DATAERR`).
    case data = 65
    /// A service, database or port is not available (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// An internal error, a bug (`EX_SOFTWARE`).
    case software = 70
    /// The configuration is wrong (`EX_CONFIG`).
    case config = 78

    package var description: String { "\(rawValue)" }
}
