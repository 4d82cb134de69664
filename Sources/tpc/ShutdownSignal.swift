import Dispatch
import Foundation

/// Waits for SIGTERM or SIGINT through dispatch signal sources, so no Swift
/// closure runs as a C signal handler.
final class ShutdownSignal {
    private let sources: [any DispatchSourceSignal]
    private let stream: AsyncStream<Int32>

    init(signals: [Int32] = [SIGTERM, SIGINT]) {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        self.stream = stream
        let queue = DispatchQueue(label: "tpc.signals")
        sources = signals.map { number in
            // The default action would end the process before the source sees it.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    /// Returns the first signal received.
    func wait() async -> Int32 {
        for await number in stream { return number }
        return SIGTERM
    }
}
