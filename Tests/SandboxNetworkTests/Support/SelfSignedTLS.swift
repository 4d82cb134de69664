import Foundation
import HTTPServer

/// A throwaway self-signed P-256 certificate for `localhost` (not naming
/// 127.0.0.1), made with the `openssl` command line, as `tpc serve
/// --tls-cert` users often make theirs.
enum SelfSignedTLS {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func make() async throws -> HTTPServer.TLS {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("key.pem")
        let certificate = directory.appendingPathComponent("cert.pem")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost", "-days", "1", "-keyout", key.path, "-out", certificate.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
            }
        }
        guard status == 0 else { throw Failure(description: "openssl req exited with \(status)") }
        return HTTPServer.TLS(
            certificateChainPEM: try String(contentsOf: certificate, encoding: .utf8),
            privateKeyPEM: try String(contentsOf: key, encoding: .utf8))
    }
}
