import ProvisioningService
import TPCCommandLine

extension StandardStreams {
    /// The service's log sink: one `key=value` line per record on stderr.
    static let logSink: LogSink = { record in error(record.line) }
}
