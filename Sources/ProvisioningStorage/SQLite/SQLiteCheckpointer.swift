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
/// At most one pass is queued or running at a time; a commit past the
/// threshold while one runs asks for nothing more.
final class SQLiteCheckpointer: Sendable {
    private let filename: String
    private let options: SQLiteOptions
    /// The log length, in pages, from which a commit asks for a pass.
    private let thresholdPages: Int32
    /// Whether a pass is queued or running: set by the hook when it queues
    /// one, cleared by the pass.
    private let scheduled = Atomic<Bool>(false)
    /// The last finished pass since the log restarted, packed by ``pack(log:copied:)``
    /// (the log's length when it began, and the pages copied in all); 0 for none.
    private let lastPass = Atomic<UInt64>(0)
    /// The log length the previous commit left; touched only by the hook,
    /// which the single writer calls one commit at a time.
    private let previousLogPages = Atomic<Int32>(0)
    /// Opened with the writer (``observe(writer:)``); used only on `queue`.
    /// Once closed, stays closed.
    private let connection = Mutex<(handle: OpaquePointer?, isClosed: Bool)>((nil, false))
    private let completed = Atomic<Int>(0)
    private let failed = Atomic<Int>(0)
    private let inline = Atomic<Int>(0)
    private let queue = DispatchQueue(label: "pushprovisioning.sqlite.checkpoint", qos: .utility)

    /// Runs on the checkpoint queue before each pass: tests hold a pass with it.
    private let passWillRun: (@Sendable () -> Void)?

    init(filename: String, options: SQLiteOptions, passWillRun: (@Sendable () -> Void)? = nil) {
        self.filename = filename
        self.options = options
        self.thresholdPages = Int32(clamping: options.walAutocheckpointPages)
        self.passWillRun = passWillRun
    }

    deinit {
        connection.withLock { state in
            if let handle = state.handle { sqlite3_close_v2(handle) }
        }
    }

    /// Waits for a running pass, then closes the connection; a pass queued
    /// later does nothing. (Until the writer closes, a commit may still
    /// checkpoint on its own handle.)
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

    /// What the checkpointer has done so far.
    var statistics: SQLiteCheckpointStatistics {
        SQLiteCheckpointStatistics(
            backgroundPasses: completed.load(ordering: .acquiring), commitCheckpoints: inline.load(ordering: .relaxed),
            failedPasses: failed.load(ordering: .relaxed))
    }
    /// The log's length after the last commit, in pages.
    var logPages: Int { Int(previousLogPages.load(ordering: .relaxed)) }

    /// Opens the checkpoint connection (the writer has just created the file)
    /// and installs the hook on the writer's handle. The writer connection
    /// keeps this object alive for as long as the hook can fire.
    ///
    /// - Throws: ``StorageError/Code/connectionFailure`` when the file cannot
    ///   be opened a second time, so that the database fails to open rather
    ///   than every pass failing later.
    func observe(writer handle: OpaquePointer) throws {
        try connection.withLock { state in
            guard state.handle == nil, !state.isClosed else { return }
            state.handle = try open()
        }
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
    /// therefore copies that rest itself (on the service's load about 100 of
    /// 1,000 pages) instead of the whole log, as SQLite's automatic checkpoint
    /// would. While more is left, another pass runs. A log twice the threshold
    /// long — writes outpacing the passes, or passes failing — is finished by
    /// the commit, after waiting for a running pass: the log stays bounded, and
    /// the commit copies at most about what SQLite's own checkpoint would.
    fileprivate func committed(writer handle: OpaquePointer?, logPages: Int32) {
        let previous = previousLogPages.exchange(logPages, ordering: .relaxed)
        guard logPages >= thresholdPages, let handle else {
            lastPass.store(0, ordering: .relaxed)
            return
        }
        let cap = thresholdPages.multipliedReportingOverflow(by: 2).partialValue
        if scheduled.load(ordering: .acquiring) {
            guard logPages >= cap else { return }
            // The pass takes no lock the writer holds, so this cannot deadlock.
            queue.sync {}
        }
        var finishesHere = logPages >= cap
        if !finishesHere, let pass = Self.unpack(lastPass.load(ordering: .acquiring)) {
            // A pass that copied everything it saw, with nothing committed past
            // it before this commit, let this commit restart the log: its
            // figures describe the old log.
            let restarted = pass.copied > logPages || (pass.copied == pass.log && previous <= pass.log)
            finishesHere = !restarted && logPages - pass.copied <= thresholdPages / 2
            if restarted { lastPass.store(0, ordering: .relaxed) }
        }
        if finishesHere {
            lastPass.store(0, ordering: .relaxed)
            if sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil) == SQLITE_OK {
                inline.add(1, ordering: .relaxed)
            }
            return
        }
        scheduled.store(true, ordering: .releasing)
        queue.async { [self] in
            passWillRun?()
            if let pass = runPass() {
                lastPass.store(Self.pack(log: pass.log, copied: pass.copied), ordering: .releasing)
            }
            scheduled.store(false, ordering: .releasing)
        }
    }

    /// Runs one passive checkpoint: the log's length and the pages copied in
    /// all, `nil` when it could not run.
    private func runPass() -> (log: Int32, copied: Int32)? {
        connection.withLock { state in
            guard !state.isClosed, let handle = state.handle else { return nil }
            var logPages: Int32 = -1
            var copiedPages: Int32 = -1
            let status = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logPages, &copiedPages)
            // -1 with SQLITE_OK: the connection had not opened the log, nothing
            // was copied. SQLITE_BUSY: another process is checkpointing. Either
            // way the next commit past the threshold asks again.
            guard status == SQLITE_OK, logPages >= 0, copiedPages >= 0 else {
                failed.add(1, ordering: .relaxed)
                return nil
            }
            completed.add(1, ordering: .releasing)
            return (logPages, copiedPages)
        }
    }

    private static func pack(log: Int32, copied: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: log)) << 32 | UInt64(UInt32(bitPattern: copied))
    }

    private static func unpack(_ packed: UInt64) -> (log: Int32, copied: Int32)? {
        guard packed != 0 else { return nil }
        return (
            Int32(bitPattern: UInt32(truncatingIfNeeded: packed >> 32)),
            Int32(bitPattern: UInt32(truncatingIfNeeded: packed))
        )
    }

    /// A read-write connection with the writer's `synchronous` level, which sets
    /// the checkpoint's syncs; it reads the schema now, so that its first
    /// checkpoint finds the log open.
    private func open() throws -> OpaquePointer {
        var pointer: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE
        let status = sqlite3_open_v2(filename, &pointer, flags, nil)
        guard status == SQLITE_OK, let handle = pointer else {
            sqlite3_close_v2(pointer)
            throw StorageError(
                .connectionFailure, "cannot open the SQLite database for checkpoints", sqliteCode: status)
        }
        let setup = sqlite3_exec(
            handle, "PRAGMA synchronous=\(options.synchronous.rawValue); PRAGMA schema_version;", nil, nil, nil)
        guard setup == SQLITE_OK else {
            let error = SQLiteConnection.error(setup, handle: handle, preparing: false)
            sqlite3_close_v2(handle)
            throw StorageError(
                .connectionFailure, "cannot set up the SQLite checkpoint connection: \(error.detail)",
                sqliteCode: error.sqliteCode)
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
