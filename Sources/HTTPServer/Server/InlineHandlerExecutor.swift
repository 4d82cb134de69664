import Dispatch
import Synchronization

/// The task executor a handler's task prefers, so that its steps run on the
/// libmicrohttpd polling thread that parsed the request.
///
/// Handing every request to the cooperative pool and back costs a thread wake-up
/// each way plus a suspend/resume cycle through MHD's inter-thread channel; on a
/// loaded 2-core machine that was more than half the cost of a small request. While
/// the polling thread drains this executor, jobs of the handler's task (and its
/// child tasks) queue here and run inline, so a handler that does not wait on
/// anything finishes before the access handler returns and its response is queued
/// directly, with no suspension.
///
/// A handler that waits on a step completing elsewhere — a database transaction on
/// its connection's queue, an actor — is waited for on the polling thread while
/// the budget lasts: the step's completion enqueues the continuation here and wakes
/// the polling thread, which is one wake-up where handing off costs three (the
/// cooperative pool, then MHD's resume channel, then the polling thread again).
///
/// Draining is bounded by a time budget covering both running and waiting: once it
/// is spent the executor switches for good to forwarding every job to the global
/// concurrent executor and the connection is suspended as before. One executor
/// serves one request.
final class InlineHandlerExecutor: TaskExecutor, Sendable {
    private struct Jobs: @unchecked Sendable {
        // `UnownedJob` is not `Sendable`; jobs only move between the thread that
        // enqueues them and the one that runs them, through this mutex.
        var forwarding = false
        /// The draining thread sleeps on `arrival` and wants a signal for the next job.
        var waiting = false
        // A handler usually has one runnable job at a time: keep it out of the
        // array, so the common case allocates nothing.
        var first: UnownedJob?
        var more: [UnownedJob] = []

        mutating func popFirst() -> UnownedJob? {
            guard let job = first else { return nil }
            first = more.isEmpty ? nil : more.removeFirst()
            return job
        }
    }

    private let jobs = Mutex(Jobs())
    // A semaphore rather than a condition: a signal that lands after the drain
    // gave up only leaves a count that nobody waits for again.
    private let arrival = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let (forward, wake): (Bool, Bool) = jobs.withLock { jobs in
            if jobs.forwarding { return (true, false) }
            if jobs.first == nil { jobs.first = unowned } else { jobs.more.append(unowned) }
            defer { jobs.waiting = false }
            return (false, jobs.waiting)
        }
        if forward {
            globalConcurrentExecutor.enqueue(ExecutorJob(unowned))
        } else if wake {
            arrival.signal()
        }
    }

    /// Runs queued jobs on the calling thread, waiting for the next one while the
    /// handler is not done, until `isDone` holds or `budget` has passed; then
    /// switches to forwarding and hands any leftover jobs to the global executor.
    /// Call once, from the thread that created the task.
    func drain(budget: Duration, isDone: () -> Bool) {
        let clock = ContinuousClock()
        let ends = clock.now.advanced(by: budget)
        let me = asUnownedTaskExecutor()
        while !isDone() {
            let next: UnownedJob? = jobs.withLock { jobs in
                if let job = jobs.popFirst() { return job }
                jobs.waiting = true
                return nil
            }
            if let next {
                next.runSynchronously(on: me)
                if clock.now >= ends { break }
                continue
            }
            let remaining = clock.now.duration(to: ends)
            guard remaining > .zero else { break }
            let (seconds, attoseconds) = remaining.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            if arrival.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut { break }
        }
        let leftovers: [UnownedJob] = jobs.withLock { jobs in
            jobs.forwarding = true
            jobs.waiting = false
            var leftovers: [UnownedJob] = []
            while let job = jobs.popFirst() { leftovers.append(job) }
            return leftovers
        }
        for job in leftovers { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }
}
