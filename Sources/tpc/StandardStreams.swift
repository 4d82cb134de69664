import Foundation
import ProvisioningService

/// Writes whole lines to stdout and stderr, unbuffered, so a parent process
/// sees the ready line at once.
enum StandardStreams {
    static func output(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The service's log sink: one `key=value` line per record on stderr.
    static let logSink: LogSink = { record in error(record.line) }
}
