/// Why a piece of test support could not do its job: a binary is missing, a
/// server did not start or stop, a sandbox file is missing, the service
/// answered with a failure.
///
/// Descriptions never carry codes, PANs or keys: they end up in test logs.
package struct TestSupportError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, extensible like the product's error codes.
    package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The `tpc` executable was not found.
        package static let binaryMissing = Code(rawValue: "binary-missing")
        /// A process could not be started, or did not print what it should.
        package static let launch = Code(rawValue: "launch")
        /// The files `tpc serve --sandbox` writes are missing or malformed.
        package static let sandboxFiles = Code(rawValue: "sandbox-files")
        /// The service answered with a failure, or not at all.
        package static let service = Code(rawValue: "service")
        /// A socket, pipe or lock of the operating system failed.
        package static let system = Code(rawValue: "system")
        /// Something the test waited for did not happen within its limit.
        package static let timeout = Code(rawValue: "timeout")
    }

    package let code: Code
    package let description: String

    package init(_ code: Code, _ description: String) {
        self.code = code
        self.description = "\(code): \(description)"
    }

    /// A failure without a more precise code, for helpers written against the
    /// former `SandboxServer.Failure(description:)`.
    package init(description: String) {
        self.init(.launch, description)
    }
}
