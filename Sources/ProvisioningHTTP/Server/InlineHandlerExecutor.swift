import Synchronization

/// The task executor a handler's task prefers, so that its steps run on the
/// event-loop thread that owns the request's connection.
///
/// Handing every request to the cooperative pool and back costs a thread wake-up
/// each way; on a loaded 2-core machine that was more than half the cost of a
/// small request. While the event loop drains this executor, jobs of the handler's task (and its
/// child tasks) queue here and run inline, so a handler that does not wait on
/// anything finishes before the access handler returns and its response is queued
/// directly, with no suspension.
///
/// When the handler waits on something that completes elsewhere (a database
/// round trip, an actor, a timer), the event loop *parks* the executor and serves
/// its other connections. The first job that arrives then pokes the loop through
/// `wake`, as the answer would have to anyway, and the loop drains the handler's
/// next steps. Resuming on the pool
/// instead cost one more thread wake-up per wait. That holds for steps that plain
/// threads release (a database driver's completion on its queue, an I/O thread).
/// A step that a task releases — another handler's step handing a lock or a
/// pooled connection over, typically, but also a `Task.sleep` timer or a
/// cancellation handler — goes to the pool as before: behind a busy event
/// loop it would wait, and so would what was handed to it: SQLite's single
/// writer, say, idle while other requests queue for it.
///
/// Each drain is bounded by a time budget, checked between jobs: once it is spent
/// with jobs still runnable, the executor switches for good to forwarding every job
/// to the global concurrent executor. So it does once the request is answered
/// (by its handler, a deadline or shutdown) or its connection completes, when a
/// wake finds the request answered already, and when a task releases a parked
/// step. One executor serves one request.
final class InlineHandlerExecutor: TaskExecutor, Sendable {
    /// Why ``drain(budget:isDone:)`` returned.
    enum DrainOutcome: Equatable {
        /// `isDone` held: the handler settled. The executor now forwards.
        case done
        /// No job is runnable: the handler waits. Call ``park()`` or ``forward()``.
        case idle
        /// The budget ran out with work left, or the executor was already
        /// forwarding. The executor now forwards.
        case budgetSpent
    }

    private enum Mode {
        /// An event loop runs the jobs.
        case draining
        /// Nobody runs the jobs; the first one calls `wake`, unless a task
        /// enqueues it.
        case parked
        /// `wake` was called; jobs wait for the event loop.
        case woken
        /// Every job goes to the global executor.
        case forwarding
    }

    private struct Jobs: @unchecked Sendable {
        // `UnownedJob` is not `Sendable`; jobs only move between the thread that
        // enqueues them and the one that runs them, through this mutex.
        var mode = Mode.draining
        // A handler usually has one runnable job at a time: keep it out of the
        // array, so the common case allocates nothing.
        var first: UnownedJob?
        var more: [UnownedJob] = []

        mutating func popFirst() -> UnownedJob? {
            guard let job = first else { return nil }
            first = more.isEmpty ? nil : more.removeFirst()
            return job
        }

        mutating func append(_ job: UnownedJob) {
            if first == nil { first = job } else { more.append(job) }
        }

        mutating func takeAll() -> [UnownedJob] {
            var all: [UnownedJob] = []
            while let job = popFirst() { all.append(job) }
            return all
        }
    }

    private let jobs = Mutex(Jobs())
    /// Called, off the lock, when a job arrives for a parked executor: resumes
    /// the connection so that its event loop drains again, or returns `false`
    /// when the request no longer has an event loop to come back to (it was
    /// answered meanwhile), and the executor then forwards.
    private let wake: @Sendable () -> Bool

    init(wake: @escaping @Sendable () -> Bool) {
        self.wake = wake
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        enum Next { case forward, wake, none }
        let next: Next = jobs.withLock { jobs in
            switch jobs.mode {
            case .forwarding:
                return .forward
            case .draining, .woken:
                jobs.append(unowned)
                return .none
            case .parked:
                // Enqueued from inside a task: another handler's step has released
                // something to this one (a lock, a pooled connection). Behind a busy
                // event loop the step would wait and so would what it holds,
                // with others queued for it. The pool runs it now.
                if withUnsafeCurrentTask(body: { $0 != nil }) {
                    jobs.mode = .forwarding
                    return .forward
                }
                jobs.append(unowned)
                jobs.mode = .woken
                return .wake
            }
        }
        switch next {
        case .forward: globalConcurrentExecutor.enqueue(ExecutorJob(unowned))
        case .wake: if !wake() { forward() }
        case .none: break
        }
    }

    /// Runs queued jobs on the calling thread until none is left, `isDone` holds or
    /// `budget` has passed. Call from the request's event loop only: the first
    /// time from the thread that created the task, later after a wake.
    func drain(budget: Duration, isDone: () -> Bool) -> DrainOutcome {
        let clock = ContinuousClock()
        let ends = clock.now.advanced(by: budget)
        let me = asUnownedTaskExecutor()
        let forwarding: Bool = jobs.withLock { jobs in
            if case .forwarding = jobs.mode { return true }
            jobs.mode = .draining
            return false
        }
        if forwarding { return .budgetSpent }
        while true {
            guard let next = jobs.withLock({ $0.popFirst() }) else { return .idle }
            next.runSynchronously(on: me)
            if isDone() {
                forward()
                return .done
            }
            // The budget bounds continuous draining, so that one handler cannot keep
            // the thread from its other connections; a handler that waits parks
            // whatever it has spent, as it then holds the thread no longer.
            if clock.now >= ends {
                if jobs.withLock({ $0.first == nil }) { return .idle }
                forward()
                return .budgetSpent
            }
        }
    }

    /// Parks a drained executor: the next job calls `wake`. Returns `false`, and
    /// stays draining, when a job arrived since ``drain(budget:isDone:)`` returned:
    /// the caller then wakes the connection itself.
    func park() -> Bool {
        jobs.withLock { jobs in
            guard case .draining = jobs.mode, jobs.first == nil else { return false }
            jobs.mode = .parked
            return true
        }
    }

    /// Switches for good to forwarding and hands queued jobs to the global executor.
    func forward() {
        let leftovers: [UnownedJob] = jobs.withLock { jobs in
            jobs.mode = .forwarding
            return jobs.takeAll()
        }
        for job in leftovers { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }
}
