import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole lines to stdout and stderr, unbuffered, so a parent process
/// sees the ready line at once.
///
/// ```swift
/// StandardStreams.output("tpc: listening on http://127.0.0.1:8080")
/// StandardStreams.error("tpc: signal 15, shutting down")
/// ```
package enum StandardStreams {
    /// Writes `line` and a newline to standard output.
    package static func output(_ line: String) {
        write(line, to: STDOUT_FILENO)
    }

    /// Writes `line` and a newline to standard error.
    package static func error(_ line: String) {
        write(line, to: STDERR_FILENO)
    }

    /// One `write(2)` per line in the common case: the service logs two lines per
    /// request, and `FileHandle` with a `Data` copy cost as much again.
    private static func write(_ line: String, to descriptor: Int32) {
        var text = line
        text.append("\n")
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    // A closed stream: the line is dropped; logging never stops the service.
                    return
                }
            }
        }
    }
}
