import Synchronization

/// The task executor a handler's task prefers, so that its first steps run on the
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
/// Draining is bounded by a time budget: once it is spent, or when the handler waits
/// on something that completes elsewhere (an actor, I/O, a timer), the executor
/// switches for good to forwarding every job to the global concurrent executor and
/// the connection is suspended as before. One executor serves one request.
final class InlineHandlerExecutor: TaskExecutor, Sendable {
    private struct Jobs: @unchecked Sendable {
        // `UnownedJob` is not `Sendable`; jobs only move between the thread that
        // enqueues them and the one that runs them, through this mutex.
        var forwarding = false
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

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let forward: Bool = jobs.withLock { jobs in
            if jobs.forwarding { return true }
            if jobs.first == nil { jobs.first = unowned } else { jobs.more.append(unowned) }
            return false
        }
        if forward { globalConcurrentExecutor.enqueue(ExecutorJob(unowned)) }
    }

    /// Runs queued jobs on the calling thread until none is left, `isDone` holds or
    /// `budget` has passed, then switches to forwarding and hands any leftover jobs
    /// to the global executor. Call once, from the thread that created the task.
    func drain(budget: Duration, isDone: () -> Bool) {
        let clock = ContinuousClock()
        let ends = clock.now.advanced(by: budget)
        let me = asUnownedTaskExecutor()
        while true {
            guard let next = jobs.withLock({ $0.popFirst() }) else { break }
            next.runSynchronously(on: me)
            if isDone() || clock.now >= ends { break }
        }
        let leftovers: [UnownedJob] = jobs.withLock { jobs in
            jobs.forwarding = true
            var leftovers: [UnownedJob] = []
            while let job = jobs.popFirst() { leftovers.append(job) }
            return leftovers
        }
        for job in leftovers { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }
}
