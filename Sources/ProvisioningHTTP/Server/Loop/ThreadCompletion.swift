import Synchronization

/// The end of a thread the server started (an event loop, the accepting
/// thread), which shutdown awaits within a bound: a thread held up — a
/// handler blocking its event loop, say — must not hold shutdown forever.
final class ThreadCompletion: Sendable {
    private struct State: Sendable {
        var finished = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = Mutex(State())

    /// The thread has ended: every waiter, present and future, is told so.
    func finish() {
        let waiters = state.withLock { state in
            state.finished = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Whether the thread has ended.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// Waits until ``finish()`` or until `limit` has passed; returns whether the thread ended.
    func wait(upTo limit: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id: Int? = state.withLock { state in
                guard !state.finished else { return nil }
                state.nextWaiter += 1
                state.waiters[state.nextWaiter] = continuation
                return state.nextWaiter
            }
            guard let id else {
                continuation.resume(returning: true)
                return
            }
            Task {
                try? await Task.sleep(for: limit)
                let late = state.withLock { $0.waiters.removeValue(forKey: id) }
                late?.resume(returning: false)
            }
        }
    }
}
