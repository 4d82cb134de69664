#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What the server's threads and the client's blocking exchanges both need:
// the time in milliseconds, and writes that fail instead of raising SIGPIPE.

/// CLOCK_MONOTONIC in milliseconds.
func monotonicMilliseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
}

/// Makes a write to a closed socket fail with EPIPE on this thread instead of
/// raising SIGPIPE, whose default action ends the process (OpenSSL writes
/// without MSG_NOSIGNAL).
func blockBrokenPipeSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
