/// What a file database's background checkpointer has done since it opened,
/// for monitoring (`tpc serve` exports it as `tpc_sqlite_checkpoints_total`).
///
/// ```swift
/// if let statistics = database.checkpointStatistics, statistics.failedPasses > 0 {
///     // another process keeps checkpointing the same file, or the disk fails
/// }
/// ```
package struct SQLiteCheckpointStatistics: Sendable, Hashable {
    /// Background passes that copied the log into the database file.
    package var backgroundPasses: Int
    /// Checkpoints a commit ran: the pages written during a pass, or the rest
    /// of a log that reached twice the threshold. Many of these next to few
    /// passes mean the writes outpace the background.
    package var commitCheckpoints: Int
    /// Background passes that could not run: another process was
    /// checkpointing the same file, or the disk failed.
    package var failedPasses: Int
}
