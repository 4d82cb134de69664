import TestSupport

// This target's own launcher and issuer moved to the shared TestSupport target;
// the former names stay for tests written against them.

/// Former name of ``SandboxServer`` in this target.
typealias SandboxProcess = SandboxServer
/// Former name of ``IssuerBackend`` in this target.
typealias SandboxIssuer = IssuerBackend

extension SandboxServer {
    /// Former name of ``SandboxServer/shared()``.
    static func running() async throws -> SandboxServer { try await shared() }
}
