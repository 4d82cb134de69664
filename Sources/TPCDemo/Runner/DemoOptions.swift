import Foundation

/// How `tpc demo` runs.
package struct DemoOptions: Sendable {
    /// A running service to use instead of starting one (with
    /// ``sandboxDirectory``).
    package var serviceURL: URL?
    /// The sandbox directory of the running service at ``serviceURL``.
    package var sandboxDirectory: URL?
    /// The `tpc` executable started as `tpc serve --sandbox` when no
    /// ``serviceURL`` is given.
    package var executable: URL?
    /// Where the started service and the simulated devices keep their files;
    /// a new temporary directory when `nil`. It is removed at the end unless
    /// ``keepFiles`` is set.
    package var workDirectory: URL?
    /// Keep the work directory for inspection.
    package var keepFiles: Bool
    /// Print every HTTP exchange, secrets redacted.
    package var verbose: Bool

    package init(
        serviceURL: URL? = nil, sandboxDirectory: URL? = nil, executable: URL? = nil, workDirectory: URL? = nil,
        keepFiles: Bool = false, verbose: Bool = false
    ) {
        self.serviceURL = serviceURL
        self.sandboxDirectory = sandboxDirectory
        self.executable = executable
        self.workDirectory = workDirectory
        self.keepFiles = keepFiles
        self.verbose = verbose
    }
}
