import Foundation
import Synchronization
import Testing

@testable import ProvisioningStorage

/// The background checkpointer, on a 16-page threshold. Rows of 3 KiB take a
/// page each: a commit of one row writes three log frames, up to seven when
/// the b-tree splits (``commitFrames``); a transaction of 20 rows about 24.
@Suite("SQLite checkpoints", .serialized, .timeLimit(.minutes(10)))
struct SQLiteCheckpointTests {
    private static let threshold = 16
    /// One log frame: a 24-byte header and a 4 KiB page.
    private static let frameBytes = 24 + 4096
    /// The most log frames one single-row commit writes here: the leaf, page
    /// splits up the tree, the root (3 for 2,368 of 2,400 commits, 7 at most).
    private static let commitFrames = 8

    /// A fresh file database with the test threshold, removed afterwards.
    private func withDatabase(
        checkpointsInBackground: Bool = true, thresholdPages: Int = threshold,
        _ body: (SQLiteDatabase, String) async throws -> Void
    ) async throws {
        let path = NSTemporaryDirectory() + "checkpoint-test-\(UUID().uuidString).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let database = try await SQLiteDatabase.open(
            path: path,
            options: SQLiteOptions(
                walAutocheckpointPages: thresholdPages, checkpointsInBackground: checkpointsInBackground))
        do {
            try await database.executeScript("CREATE TABLE rows (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)")
            try await body(database, path)
            await database.close()
        } catch {
            await database.close()
            throw error
        }
    }

    private static func row(_ id: Int) -> [SQLValue] {
        [.integer(Int64(id)), .blob([UInt8](repeating: UInt8(id % 251), count: 3 * 1024))]
    }

    /// Commits `count` rows, one transaction per row.
    private func insert(_ count: Int, into database: SQLiteDatabase, from first: Int = 0) async throws {
        for id in first..<(first + count) {
            _ = try await database.execute("INSERT INTO rows (id, payload) VALUES (?, ?)", Self.row(id))
        }
    }

    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// Polls until `condition` holds, for at most ten seconds.
    private func eventually(_ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<1_000 {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    private func count(_ database: SQLiteDatabase) async throws -> SQLValue? {
        try await database.query("SELECT count(*) AS n FROM rows", []).first?.value(column: "n")
    }

    /// Commits one row at a time from `first` until the log reaches the
    /// threshold, which queues a pass; the rows committed.
    private func fillToThreshold(_ database: SQLiteDatabase, from first: Int) async throws -> Int {
        var rows = 0
        repeat {
            try await insert(1, into: database, from: first + rows)
            rows += 1
        } while (database.logPages ?? 0) < Self.threshold
        return rows
    }

    @Test func aPassCopiesTheLogIntoTheDatabaseFileWhileNoCommitDoes() async throws {
        try await withDatabase { database, path in
            let emptySize = fileSize(path)
            let rows = try await fillToThreshold(database, from: 0)
            #expect(try await eventually { (database.checkpointStatistics?.backgroundPasses ?? 0) >= 1 })
            #expect(database.checkpointStatistics?.commitCheckpoints == 0, "no commit checkpointed")
            // Each row has a page of its own, now in the database file itself.
            #expect(fileSize(path) >= emptySize + rows * 4096)
            #expect(try await count(database) == .integer(Int64(rows)))
        }
    }

    @Test func statisticsCountPassesForAFileDatabaseInTheBackgroundOnly() async throws {
        try await withDatabase { database, _ in
            #expect(
                database.checkpointStatistics
                    == SQLiteCheckpointStatistics(backgroundPasses: 0, commitCheckpoints: 0, failedPasses: 0))
            _ = try await fillToThreshold(database, from: 0)
            #expect(try await eventually { database.checkpointStatistics?.backgroundPasses == 1 })
            #expect(database.checkpointStatistics?.commitCheckpoints == 0)
            #expect(database.checkpointStatistics?.failedPasses == 0)
        }
        try await withDatabase(checkpointsInBackground: false) { database, _ in
            #expect(database.checkpointStatistics == nil)
        }
        let memory = try await SQLiteDatabase.openInMemory()
        #expect(memory.checkpointStatistics == nil)
        await memory.close()
    }

    @Test func theLogRestartsAfterEachPass() async throws {
        try await withDatabase { database, path in
            // Each round fills the log to the threshold and waits for the pass,
            // which copies all of it; the next commit starts the log over.
            // Without restarts the log would reach twice the threshold in the
            // second round, and a commit would have to checkpoint.
            var rows = 0
            for _ in 0..<30 {
                let before = database.checkpointStatistics?.backgroundPasses ?? 0
                rows += try await fillToThreshold(database, from: rows)
                #expect(try await eventually { (database.checkpointStatistics?.backgroundPasses ?? 0) > before })
            }
            #expect(database.checkpointStatistics?.commitCheckpoints == 0)
            #expect(fileSize(path + "-wal") < 2 * Self.threshold * Self.frameBytes)
            #expect(try await count(database) == .integer(Int64(rows)))
        }
    }

    @Test func aTransactionThatRestartsTheLogIsLeftToTheNextPass() async throws {
        try await withDatabase { database, _ in
            let rows = try await fillToThreshold(database, from: 0)
            #expect(try await eventually { (database.checkpointStatistics?.backgroundPasses ?? 0) >= 1 })
            // One transaction past the threshold (short of twice it), which
            // restarts the log: the last pass's figures describe the old log,
            // so no commit copies the new one.
            try await database.transaction { transaction in
                for id in rows..<(rows + 20) {
                    _ = try await transaction.execute("INSERT INTO rows (id, payload) VALUES (?, ?)", Self.row(id))
                }
            }
            #expect((database.logPages ?? 0) >= Self.threshold && (database.logPages ?? 0) < 2 * Self.threshold)
            #expect(try await eventually { (database.checkpointStatistics?.backgroundPasses ?? 0) >= 2 })
            #expect(database.checkpointStatistics?.commitCheckpoints == 0)
        }
    }

    @Test func unbrokenCommitsKeepTheLogUnderTwiceTheThreshold() async throws {
        // The same unbroken run of commits on a database that never checkpoints
        // gives the log's length without restarts.
        var unrestarted = 0
        try await withDatabase(checkpointsInBackground: false, thresholdPages: 1_000_000) { database, path in
            try await insert(2_400, into: database)
            unrestarted = fileSize(path + "-wal")
        }
        try await withDatabase { database, path in
            try await insert(2_400, into: database)
            // Passes rarely catch up with commits that never pause: commits
            // finish them, waiting for a running one once the log is twice the threshold.
            #expect(
                (database.checkpointStatistics?.backgroundPasses ?? 0)
                    + (database.checkpointStatistics?.commitCheckpoints ?? 0) >= 1)
            #expect(unrestarted > 1_000 * Self.frameBytes)
            // The file keeps the longest log it held: under twice the threshold, plus one commit's frames.
            #expect(fileSize(path + "-wal") <= 32 + (2 * Self.threshold + Self.commitFrames) * Self.frameBytes)
            #expect(try await count(database) == .integer(2_400))
        }
    }

    @Test func aCommitAtTwiceTheThresholdWaitsForTheRunningPassAndCopiesTheRest() throws {
        let path = NSTemporaryDirectory() + "checkpoint-cap-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        // The first pass is held at a gate that a timer opens 200 ms later, long
        // after the commits below reach twice the threshold.
        let gate = DispatchSemaphore(value: 0)
        let first = Atomic<Bool>(true)
        let options = SQLiteOptions(walAutocheckpointPages: Self.threshold)
        let checkpointer = SQLiteCheckpointer(filename: path, options: options) {
            if first.exchange(false, ordering: .relaxed) { gate.wait() }
        }
        let writer = try SQLiteConnection.open(
            filename: path, role: .writer, options: options, checkpointer: checkpointer)
        try writer.executeScriptBlocking("CREATE TABLE rows (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { gate.signal() }
        var longest = 0
        var id = 0
        while checkpointer.statistics.commitCheckpoints == 0 && id < 2_000 {
            _ = try writer.executeBlocking("INSERT INTO rows (id, payload) VALUES (?, ?)", Self.row(id))
            id += 1
            longest = max(longest, checkpointer.logPages)
        }
        // The commit that took the log past twice the threshold waited for the
        // held pass, then copied the rest: the log never grew further.
        #expect(checkpointer.statistics.commitCheckpoints == 1)
        #expect(checkpointer.statistics.backgroundPasses == 1)
        #expect(longest >= 2 * Self.threshold && longest < 2 * Self.threshold + Self.commitFrames)
        _ = try writer.executeBlocking("INSERT INTO rows (id, payload) VALUES (?, ?)", Self.row(id))
        #expect(checkpointer.logPages < Self.threshold, "the next commit restarted the log")
    }

    @Test func withoutTheBackgroundTheCommitsCheckpoint() async throws {
        try await withDatabase(checkpointsInBackground: false) { database, path in
            let emptySize = fileSize(path)
            try await insert(40, into: database)
            #expect(database.checkpointStatistics == nil)
            // SQLite's automatic checkpoint ran inside a commit, before it returned.
            #expect(fileSize(path) > emptySize + Self.threshold * 4096)
            #expect(fileSize(path + "-wal") < 2 * Self.threshold * Self.frameBytes)
        }
    }

    @Test func closingWaitsForThePassAndClosesItsConnection() async throws {
        let path = NSTemporaryDirectory() + "checkpoint-close-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let options = SQLiteOptions(walAutocheckpointPages: Self.threshold)
        let database = try await SQLiteDatabase.open(path: path, options: options)
        try await database.executeScript("CREATE TABLE rows (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)")
        try await insert(200, into: database)
        // Closed right after the last commit, likely with a pass queued or running.
        await database.close()
        // The last connection to close checkpoints and deletes the log: none
        // is left open, the checkpointer's included.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

        let reopened = try await SQLiteDatabase.open(path: path, options: options)
        let check = try await reopened.query("PRAGMA integrity_check", [])
        #expect(check.first?.values.first == .text("ok"))
        #expect(try await count(reopened) == .integer(200))
        await reopened.close()
    }

    @Test func aWriterWhoseCheckpointerCannotOpenTheFileFailsToOpen() throws {
        // The checkpointer opens its connection with the writer, so a file it
        // cannot open fails the database's open instead of every pass later.
        let path = NSTemporaryDirectory() + "checkpoint-open-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let unopenable = SQLiteCheckpointer(
            filename: NSTemporaryDirectory() + "missing-\(UUID().uuidString)/db.sqlite", options: SQLiteOptions())
        let error = #expect(throws: StorageError.self) {
            _ = try SQLiteConnection.open(
                filename: path, role: .writer, options: SQLiteOptions(), checkpointer: unopenable)
        }
        #expect(error?.code == .connectionFailure)
        let working = SQLiteCheckpointer(filename: path, options: SQLiteOptions())
        _ = try SQLiteConnection.open(filename: path, role: .writer, options: SQLiteOptions(), checkpointer: working)
    }
}
