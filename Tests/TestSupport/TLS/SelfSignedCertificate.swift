import Foundation
import TPCDemo

/// A throwaway self-signed P-256 certificate and its key, made with the
/// `openssl` command line as `tpc serve --tls-cert` users often make theirs.
///
/// ```swift
/// let tls = try await SelfSignedCertificate.make(in: work, subjectAltName: "IP:127.0.0.1")
/// let server = try await SandboxServer.start(
///     arguments: ["--tls-cert", tls.certificateFile.path, "--tls-key", tls.keyFile.path])
/// ```
package struct SelfSignedCertificate: Sendable {
    /// The PEM certificate, written to ``certificateFile``.
    package let certificateFile: URL
    /// The PEM private key (unencrypted), written to ``keyFile``.
    package let keyFile: URL

    /// The certificate's PEM text.
    package func certificatePEM() throws -> String { try String(contentsOf: certificateFile, encoding: .utf8) }
    /// The key's PEM text.
    package func privateKeyPEM() throws -> String { try String(contentsOf: keyFile, encoding: .utf8) }

    /// Makes `cert.pem` and `key.pem` in `directory`, valid for a day, with
    /// subject `CN=localhost` and the given subject alternative name (the
    /// names a client checks: `DNS:localhost` does not name `127.0.0.1`).
    ///
    /// - Throws: ``TestSupportError/Code/launch`` when `openssl` fails.
    package static func make(
        in directory: URL, subjectAltName: String = "DNS:localhost"
    ) async throws
        -> SelfSignedCertificate
    {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let made = SelfSignedCertificate(
            certificateFile: directory.appendingPathComponent("cert.pem"),
            keyFile: directory.appendingPathComponent("key.pem"))
        let result = try await ChildProcess.run([
            "/usr/bin/openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=\(subjectAltName)", "-days", "1", "-keyout",
            made.keyFile.path, "-out", made.certificateFile.path,
        ])
        guard result.exit == .exited(0) else {
            throw TestSupportError(.launch, "openssl req ended with \(result.exit): \(result.errorText)")
        }
        return made
    }
}
