import Foundation

/// Runs an operation with an upper time limit.
enum Deadline {
    /// Runs `operation` and returns its result, or throws
    /// ``TPCError/Code/timedOut`` once `seconds` have passed, whichever comes
    /// first; the operation is then cancelled.
    ///
    /// The caller is resumed at the deadline even when the operation ignores
    /// cancellation (a socket read that never returns): unlike a task group,
    /// nothing here waits for the losing side to finish.
    static func run<Value: Sendable>(
        seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let race = Race<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation)
                let work = Task {
                    do {
                        race.finish(.success(try await operation()))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                    race.finish(.failure(TPCError(.timedOut, "no answer within \(Int(seconds.rounded(.up))) s")))
                    work.cancel()
                }
                race.onFinish {
                    work.cancel(); timer.cancel()
                }
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The first result wins; later ones are dropped.
    private final class Race<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, any Error>?
        private var early: Result<Value, any Error>?
        private var finished = false
        private var cleanup: (@Sendable () -> Void)?

        func start(_ continuation: CheckedContinuation<Value, any Error>) {
            lock.lock()
            if let early {
                lock.unlock()
                continuation.resume(with: early)
                return
            }
            self.continuation = continuation
            lock.unlock()
        }

        func onFinish(_ body: @escaping @Sendable () -> Void) {
            lock.lock()
            if finished {
                lock.unlock()
                body()
                return
            }
            cleanup = body
            lock.unlock()
        }

        func finish(_ result: Result<Value, any Error>) {
            lock.lock()
            guard !finished else {
                lock.unlock()
                return
            }
            finished = true
            let continuation = self.continuation
            self.continuation = nil
            if continuation == nil { early = result }
            let cleanup = self.cleanup
            self.cleanup = nil
            lock.unlock()
            continuation?.resume(with: result)
            cleanup?()
        }
    }
}
