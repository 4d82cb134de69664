import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Drives pre-made HTTP/1.1 requests at a server over keep-alive loopback
/// connections, one blocking thread per connection.
///
/// Plain sockets rather than URLSession: the client shares the machine's cores
/// with the server, and a socket write plus a read parsed for `Content-Length`
/// costs a few microseconds, where URLSession (libcurl underneath on Linux)
/// would take a visible share of the CPU the server needs. The client's own
/// CPU time is measured and reported with every run.
///
/// Two modes:
/// * closed loop (`rate == nil`): every connection sends its next request as
///   soon as the previous answer arrived — the most the server can do;
/// * open loop (`rate` requests/s): request *i* is due at `start + i / rate`;
///   latency is measured from when it was due, not from when a free connection
///   sent it, so a stalled server is not hidden (no coordinated omission).
struct LoadGenerator: Sendable {
    let host: String
    let port: Int
    let connections: Int

    /// What one run measured.
    struct Result: Sendable {
        /// Answers with a 2xx status.
        var succeeded = 0
        /// Other answers and transport failures.
        var failed = 0
        /// Wall time from the first send to the last answer.
        var seconds = 0.0
        /// Latencies of successful requests in milliseconds, sorted.
        var latencies: [Double] = []
        /// User + system CPU seconds of this process during the run.
        var clientCPUSeconds = 0.0
        /// Status and start of the body of the first failure (problem JSON
        /// never carries request values).
        var firstFailure: String?

        var requestsPerSecond: Double { seconds > 0 ? Double(succeeded) / seconds : 0 }

        /// Nearest-rank percentile, `fraction` in 0...1.
        func percentile(_ fraction: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            let rank = Int((fraction * Double(latencies.count)).rounded(.up)) - 1
            return latencies[min(max(rank, 0), latencies.count - 1)]
        }
    }

    private final class Shared: Sendable {
        let next = Atomic<Int>(0)
        let latencies = Mutex<[Double]>([])
        let counts = Mutex<(succeeded: Int, failed: Int, firstFailure: String?)>((0, 0, nil))
    }

    /// Sends every request of `requests` once and waits for all answers.
    func run(_ requests: [[UInt8]], rate: Double? = nil) throws -> Result {
        let shared = Shared()
        let group = DispatchGroup()
        let cpuBefore = Self.processCPUSeconds()
        let start = Self.monotonicSeconds()
        let workers = max(1, min(connections, requests.count))
        let host = host
        let port = port
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                Self.work(requests, rate: rate, start: start, host: host, port: port, shared: shared)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        var result = Result()
        result.seconds = Self.monotonicSeconds() - start
        result.clientCPUSeconds = Self.processCPUSeconds() - cpuBefore
        result.latencies = shared.latencies.withLock { $0 }.sorted()
        shared.counts.withLock {
            result.succeeded = $0.succeeded
            result.failed = $0.failed
            result.firstFailure = $0.firstFailure
        }
        return result
    }

    private static func work(
        _ requests: [[UInt8]], rate: Double?, start: Double, host: String, port: Int, shared: Shared
    ) {
        var connection: HTTPClientConnection?
        var latencies: [Double] = []
        var succeeded = 0
        var failed = 0
        var firstFailure: String?
        while true {
            let index = shared.next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < requests.count else { break }
            var sentAt = monotonicSeconds()
            if let rate {
                let due = start + Double(index) / rate
                if due > sentAt { sleep(seconds: due - sentAt) }
                sentAt = due
            }
            do {
                if connection == nil { connection = try HTTPClientConnection(host: host, port: port) }
                guard let open = connection else { continue }
                let answer = try open.exchange(requests[index])
                if answer.closed { connection = nil }
                if (200..<300).contains(answer.status) {
                    succeeded += 1
                    latencies.append((monotonicSeconds() - sentAt) * 1000)
                } else {
                    failed += 1
                    if firstFailure == nil {
                        firstFailure =
                            "HTTP \(answer.status): " + String(decoding: answer.body.prefix(300), as: UTF8.self)
                    }
                }
            } catch {
                failed += 1
                connection = nil
                if firstFailure == nil { firstFailure = "\(error)" }
            }
        }
        shared.latencies.withLock { $0 += latencies }
        shared.counts.withLock {
            $0.succeeded += succeeded
            $0.failed += failed
            if $0.firstFailure == nil { $0.firstFailure = firstFailure }
        }
    }

    /// Seconds on the monotonic clock.
    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func sleep(seconds: Double) {
        var spec = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&spec, &remaining) != 0 { spec = remaining }
    }

    /// User + system CPU seconds of this process (all threads).
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
