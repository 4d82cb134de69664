import CSQLite

/// Prepared statements of one SQLite connection, keyed by SQL text, least recently
/// used evicted first.
///
/// Used only under its connection's lock. Eviction scans for the oldest entry,
/// which is cheap at the small capacities a connection needs (tens of statements).
final class SQLiteStatementCache {
    struct Entry {
        let statement: OpaquePointer
        let layout: SQLColumnLayout
        let changesRows: Bool
        var lastUse: UInt64
    }

    private let capacity: Int
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The cached statement for `sql`, or `nil`.
    func lookup(_ sql: String) -> Entry? {
        guard var entry = entries[sql] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[sql] = entry
        return entry
    }

    /// Adds a freshly prepared statement, finalizing the least recently used one when full.
    func insert(_ sql: String, statement: OpaquePointer, layout: SQLColumnLayout, changesRows: Bool) -> Entry {
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            sqlite3_finalize(oldest.value.statement)
            entries.removeValue(forKey: oldest.key)
        }
        clock += 1
        let entry = Entry(statement: statement, layout: layout, changesRows: changesRows, lastUse: clock)
        entries[sql] = entry
        return entry
    }

    var count: Int { entries.count }

    func finalizeAll() {
        for entry in entries.values { sqlite3_finalize(entry.statement) }
        entries.removeAll()
    }
}
