/// How often, and after how long, a transaction that hit a transient conflict is
/// run again.
///
/// The delay before attempt *n* (from 2) is random between zero and
/// `min(maximumDelay, baseDelay × 2^(n-2))` ("full jitter"), so competing writers
/// spread out instead of colliding again.
package struct SQLRetryPolicy: Sendable, Hashable {
    /// Total attempts, the first included; 1 disables retries.
    package var maximumAttempts: Int
    /// The upper bound of the first delay.
    package var baseDelay: Duration
    /// The upper bound of any delay.
    package var maximumDelay: Duration

    package init(
        maximumAttempts: Int = 8, baseDelay: Duration = .milliseconds(4), maximumDelay: Duration = .milliseconds(250)
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// Runs `operation`, again after a delay while it throws a retryable
    /// ``StorageError`` and attempts remain.
    func run<T>(_ operation: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await operation()
            } catch let error as StorageError where error.isRetryable && attempt < maximumAttempts {
                let exponent = min(attempt - 1, 20)
                let ceiling = min(maximumDelay, baseDelay * (1 << exponent))
                let nanoseconds = max(Int64(1), ceiling.nanoseconds)
                try await Task.sleep(for: .nanoseconds(Int64.random(in: 0...nanoseconds)))
                attempt += 1
            }
        }
    }
}

extension Duration {
    fileprivate var nanoseconds: Int64 {
        let parts = components
        return parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    }
}
