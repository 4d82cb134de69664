import Synchronization

/// The end of a thread the server started (an event loop, the accepting
/// thread), which shutdown awaits within a bound: a thread held up — a
/// handler blocking its event loop, say — must not hold shutdown forever.
final class ThreadCompletion: Sendable {
    private struct State: Sendable {
        var finished = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        /// The time limit of each waiter, cancelled when the thread ends.
        var timers: [Int: Task<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// The thread has ended: every waiter, present and future, is told so.
    func finish() {
        let (waiters, timers) = state.withLock { state in
            state.finished = true
            defer { (state.waiters, state.timers) = ([:], [:]) }
            return (Array(state.waiters.values), Array(state.timers.values))
        }
        for timer in timers { timer.cancel() }
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
            let timer = Task {
                try? await Task.sleep(for: limit)
                let late = state.withLock { state in
                    state.timers[id] = nil
                    return state.waiters.removeValue(forKey: id)
                }
                late?.resume(returning: false)
            }
            // Kept only while the wait is pending: when the thread ended in the
            // meantime, finish() has already resumed the waiter.
            let pending = state.withLock { state in
                guard state.waiters[id] != nil else { return false }
                state.timers[id] = timer
                return true
            }
            if !pending { timer.cancel() }
        }
    }
}
