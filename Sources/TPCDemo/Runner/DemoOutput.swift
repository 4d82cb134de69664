import Foundation
import Synchronization

/// The demo's terminal: whole lines to a sink (standard output by default),
/// safe to use from the wire logger's threads.
package final class DemoOutput: Sendable {
    private let sink: @Sendable (String) -> Void
    private let lock = Mutex(())

    /// - Parameter sink: receives each line, without its newline.
    package init(
        sink: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
    ) {
        self.sink = sink
    }

    /// Prints one line (or several, joined by newlines) at once.
    package func line(_ text: String) {
        lock.withLock { _ in sink(text) }
    }
}
