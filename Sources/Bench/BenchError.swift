import ProvisioningPrimitives

/// Why a benchmark cannot run or measure: bad arguments, a failed system
/// call, a server not answering or refusing, a sandbox without what the
/// figures need, or a check of the measured code that did not hold.
///
/// Messages name the step, never request contents (no code, nonce or PAN):
///
/// ```swift
/// guard answer.status == 200 else { throw BenchError(.requestFailed, "GET /v1/sandbox/certificates answered 503") }
/// ```
struct BenchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    struct Code: ExtensibleEnumeration {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }

        /// A benchmark's command line is wrong.
        static let invalidArgument = Code(rawValue: "invalid-argument")
        /// A system call or a `/proc` file failed.
        static let system = Code(rawValue: "system")
        /// An HTTP answer that cannot be read.
        static let invalidResponse = Code(rawValue: "invalid-response")
        /// A request was refused or did not complete.
        static let requestFailed = Code(rawValue: "request-failed")
        /// The sandbox lacks what the figures need (a file, a card, a URL).
        static let missingPrerequisite = Code(rawValue: "missing-prerequisite")
        /// A check of the measured code did not hold, so the figure would be wrong.
        static let measurementFailed = Code(rawValue: "measurement-failed")
    }

    /// The kind of failure.
    let code: Code
    /// What failed, printed after `tpc-bench: `.
    let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { message }
}
