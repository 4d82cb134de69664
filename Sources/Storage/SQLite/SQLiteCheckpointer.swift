import CSQLite
import Dispatch
import Synchronization

/// Checkpoints a file database's write-ahead log on a thread of its own, so
/// that commits do not wait for the bulk of it.
///
/// SQLite's automatic checkpoint runs inside the commit that takes the log past
/// ``SQLiteOptions/walAutocheckpointPages``: that call copies the log's pages
/// back into the database file and syncs both (about 6 ms for 1,000 pages on
/// the development machine) while it holds the only writer connection — every
/// other request's write waits behind it, and the thread that runs it (an HTTP
/// polling thread, say) stops. Instead, the writer's WAL hook
/// (`sqlite3_wal_hook`, which replaces the automatic checkpoint) hands the work
/// here once the log reaches the threshold; a `PASSIVE` checkpoint on a
/// connection of its own takes no lock a writer or reader needs, so commits go
/// on while it runs. A commit after it copies the few pages written meanwhile
/// (see `committed(writer:logPages:)`), so that the log can restart.
///
/// At most one checkpoint is queued or running at a time; a commit past the
/// threshold while one runs asks for nothing more.
final class SQLiteCheckpointer: Sendable {
    private let filename: String
    private let options: SQLiteOptions
    /// The log length, in pages, from which a commit asks for a checkpoint.
    private let thresholdPages: Int32
    /// Whether a checkpoint is queued or running. Set only by the hook, which
    /// the single writer connection calls one commit at a time.
    private let scheduled = Atomic<Bool>(false)
    /// The log pages the last background pass had copied when it finished; 0
    /// before the first pass since the log last restarted.
    private let copiedByLastPass = Atomic<Int32>(0)
    /// Opened by the first checkpoint (the file exists once the writer has
    /// committed), then reused; used only on `queue`. Once closed, stays closed.
    private let connection = Mutex<(handle: OpaquePointer?, isClosed: Bool)>((nil, false))
    private let completed = Atomic<Int>(0)
    private let inline = Atomic<Int>(0)
    private let queue = DispatchQueue(label: "pushprovisioning.sqlite.checkpoint", qos: .utility)

    init(filename: String, options: SQLiteOptions) {
        self.filename = filename
        self.options = options
        self.thresholdPages = Int32(clamping: options.walAutocheckpointPages)
    }

    deinit {
        connection.withLock { state in
            if let handle = state.handle { sqlite3_close_v2(handle) }
        }
    }

    /// Waits for a running checkpoint, then closes the connection; later
    /// commits ask for nothing.
    func close() async {
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                connection.withLock { state in
                    if let handle = state.handle { sqlite3_close_v2(handle) }
                    state = (nil, true)
                }
                finished.resume()
            }
        }
    }

    /// Checkpoints finished since the database opened (tests and diagnostics).
    var completedCheckpoints: Int { completed.load(ordering: .acquiring) }
    /// Checkpoints a commit ran itself to finish a background pass.
    var inlineCheckpoints: Int { inline.load(ordering: .relaxed) }

    /// Installs the hook on the writer's handle. The writer connection keeps
    /// this object alive for as long as the hook can fire.
    func observe(writer handle: OpaquePointer) {
        sqlite3_wal_hook(handle, sqliteCheckpointerHook, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called on the committing thread, between transactions, with the log's
    /// length after the commit.
    ///
    /// A passive checkpoint copies the log as far as it reached when the
    /// checkpoint began, and the log restarts from its beginning only when
    /// every page was copied before the next write — which under steady writes
    /// a background pass never achieves, so the log would grow for good. Once a
    /// background pass has left at most half the threshold uncopied, the commit
    /// therefore copies that rest itself, as SQLite's automatic checkpoint would
    /// have copied the whole log: a few pages and two short syncs instead of
    /// the threshold's worth. While more is left, another background pass runs;
    /// a log four times the threshold long (passes slower than the writes, or
    /// failing) is finished by the commit whatever is left.
    fileprivate func committed(writer handle: OpaquePointer?, logPages: Int32) {
        guard logPages >= thresholdPages else {
            copiedByLastPass.store(0, ordering: .relaxed)
            return
        }
        if scheduled.load(ordering: .acquiring) { return }
        let copied = copiedByLastPass.load(ordering: .acquiring)
        let finishesHere = (copied > 0 && logPages - copied <= thresholdPages / 2) || logPages / 4 >= thresholdPages
        if finishesHere, let handle {
            copiedByLastPass.store(0, ordering: .relaxed)
            if sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil) == SQLITE_OK {
                inline.add(1, ordering: .relaxed)
            }
            return
        }
        scheduled.store(true, ordering: .releasing)
        queue.async { [self] in
            if let copied = checkpoint() { copiedByLastPass.store(copied, ordering: .releasing) }
            scheduled.store(false, ordering: .releasing)
        }
    }

    /// Runs one passive checkpoint: the log pages it has copied, `nil` when it
    /// could not run.
    private func checkpoint() -> Int32? {
        connection.withLock { state in
            guard !state.isClosed else { return nil }
            if state.handle == nil { state.handle = open() }
            guard let handle = state.handle else { return nil }
            var logPages: Int32 = 0
            var copiedPages: Int32 = 0
            let status = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logPages, &copiedPages)
            // SQLITE_BUSY: another connection is checkpointing; an I/O error
            // surfaces on the writer's next commit too. Either way the next
            // commit past the threshold asks again.
            guard status == SQLITE_OK else { return nil }
            completed.add(1, ordering: .releasing)
            return copiedPages
        }
    }

    /// A read-write connection with the writer's `synchronous` level, which sets
    /// the checkpoint's syncs. `nil` when the file cannot be opened; the next
    /// checkpoint tries again.
    private func open() -> OpaquePointer? {
        var pointer: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE
        guard sqlite3_open_v2(filename, &pointer, flags, nil) == SQLITE_OK, let handle = pointer else {
            sqlite3_close_v2(pointer)
            return nil
        }
        guard sqlite3_exec(handle, "PRAGMA synchronous=\(options.synchronous.rawValue);", nil, nil, nil) == SQLITE_OK
        else {
            sqlite3_close_v2(handle)
            return nil
        }
        return handle
    }
}

/// The writer's WAL hook: a plain C function, so SQLite may call it on whichever
/// thread commits.
private func sqliteCheckpointerHook(
    context: UnsafeMutableRawPointer?, handle: OpaquePointer?, database: UnsafePointer<CChar>?, logPages: Int32
) -> Int32 {
    if let context {
        Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(
            writer: handle, logPages: logPages)
    }
    return SQLITE_OK
}
