import Foundation
import TestSupport
import Testing

/// A bank backend without Swift (Python standard library, `cryptography`,
/// the `openssl` CLI) makes the payload and the code as docs/issuer-backend.md
/// says, and provisioning succeeds against `tpc serve --sandbox`.
@Suite("Issuer backend interop", .timeLimit(.minutes(10)))
struct IssuerBackendInteropTests {
    @Test("a Python bank backend following docs/issuer-backend.md provisions a card")
    func pythonBackendProvisions() async throws {
        let output = try await InteropPython.run("issuer_backend.py", [try ToolProcess.binary().path], input: [])
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("provisioning: 200"))
        #expect(text.contains("pass added on the device: ACTIVATED"))
        #expect(text.contains("a reused authorization code is refused"))
    }
}
