import Foundation
import Testing

@testable import Storage

@Suite("SQLite checkpoints", .serialized)
struct SQLiteCheckpointTests {
    /// A fresh file database with a short log threshold, removed afterwards.
    private func withDatabase(
        checkpointsInBackground: Bool = true, thresholdPages: Int = 16,
        _ body: (SQLiteDatabase, String) async throws -> Void
    ) async throws {
        let path = NSTemporaryDirectory() + "checkpoint-test-\(UUID().uuidString).sqlite"
        let database = try await SQLiteDatabase.open(
            path: path,
            options: SQLiteOptions(
                walAutocheckpointPages: thresholdPages, checkpointsInBackground: checkpointsInBackground))
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        do {
            try await database.executeScript("CREATE TABLE rows (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)")
            try await body(database, path)
            await database.close()
        } catch {
            await database.close()
            throw error
        }
    }

    /// Commits `count` rows of 3 KiB each, one transaction per row: about a
    /// page of log per commit.
    private func insert(_ count: Int, into database: SQLiteDatabase, from first: Int = 0) async throws {
        for id in first..<(first + count) {
            _ = try await database.execute(
                "INSERT INTO rows (id, payload) VALUES (?, ?)",
                [.integer(Int64(id)), .blob([UInt8](repeating: UInt8(id % 251), count: 3 * 1024))])
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

    @Test func aLogPastTheThresholdIsCheckpointedIntoTheDatabaseFileOffTheCommit() async throws {
        try await withDatabase { database, path in
            let emptySize = fileSize(path)
            try await insert(40, into: database)
            let checkpointed = try await eventually { (database.backgroundCheckpoints ?? 0) >= 1 }
            #expect(checkpointed, "the background checkpointer ran")
            // The copied pages are in the database file itself, not only in the log.
            #expect(fileSize(path) > emptySize)
            let rows = try await database.query("SELECT count(*) AS n FROM rows", [])
            #expect(rows.first?.value(column: "n") == .integer(40))
        }
    }

    @Test func theLogRestartsAfterEachBackgroundPass() async throws {
        try await withDatabase { database, path in
            // Bursts of 40 commits (past the 16-page threshold), each after the
            // previous burst's pass finished: the log starts over every time.
            // Without restarts it would hold every burst, over 1,200 pages.
            for burst in 0..<30 {
                let before = database.backgroundCheckpoints ?? 0
                try await insert(40, into: database, from: burst * 40)
                #expect(try await eventually { (database.backgroundCheckpoints ?? 0) > before })
            }
            #expect(fileSize(path + "-wal") < 300 * 4096, "the log restarted instead of growing")
            let rows = try await database.query("SELECT count(*) AS n FROM rows", [])
            #expect(rows.first?.value(column: "n") == .integer(1_200))
        }
    }

    @Test func unbrokenCommitsStillRestartTheLog() async throws {
        // The same unbroken run of commits on a database that never checkpoints
        // gives the log's length without restarts.
        var unrestarted = 0
        try await withDatabase(checkpointsInBackground: false, thresholdPages: 1_000_000) { database, path in
            try await insert(2_400, into: database)
            unrestarted = fileSize(path + "-wal")
        }
        try await withDatabase { database, path in
            try await insert(2_400, into: database)
            // Background passes never catch up with commits that never pause, so
            // a commit finished a pass and the log started over.
            #expect((database.inlineCheckpoints ?? 0) >= 1)
            // The log file keeps the length it once reached: shorter than the
            // unrestarted log means it started over at least once.
            #expect(fileSize(path + "-wal") < unrestarted, "the log restarted instead of growing")
        }
    }

    @Test func withoutTheBackgroundTheCommitsCheckpoint() async throws {
        try await withDatabase(checkpointsInBackground: false) { database, path in
            let emptySize = fileSize(path)
            try await insert(40, into: database)
            #expect(database.backgroundCheckpoints == nil)
            // SQLite's automatic checkpoint ran inside a commit, before it returned.
            #expect(fileSize(path) > emptySize)
            #expect(fileSize(path + "-wal") < 300 * 4096)
        }
    }

    @Test func closingDuringCheckpointsLeavesAWholeDatabase() async throws {
        let path = NSTemporaryDirectory() + "checkpoint-close-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let options = SQLiteOptions(walAutocheckpointPages: 16)
        let database = try await SQLiteDatabase.open(path: path, options: options)
        try await database.executeScript("CREATE TABLE rows (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)")
        try await insert(200, into: database)
        // Closed right after the last commit, likely with a checkpoint queued or running.
        await database.close()

        let reopened = try await SQLiteDatabase.open(path: path, options: options)
        let check = try await reopened.query("PRAGMA integrity_check", [])
        #expect(check.first?.values.first == .text("ok"))
        let rows = try await reopened.query("SELECT count(*) AS n FROM rows", [])
        #expect(rows.first?.value(column: "n") == .integer(200))
        await reopened.close()
    }
}
