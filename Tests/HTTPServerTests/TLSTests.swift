import Foundation
import ProvisioningHTTP
import Testing

@Suite(.timeLimit(.minutes(10))) struct TLSTests {
    @Test func servesHTTPSWithACertificateMadeAtTestTime() async throws {
        try #require(HTTPServer.supportsTLS, "the server cannot serve HTTPS")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyURL = directory.appendingPathComponent("key.pem")
        let certificateURL = directory.appendingPathComponent("cert.pem")
        let generated = try await Tool.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj",
                "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-days", "1", "-keyout", keyURL.path,
                "-out", certificateURL.path,
            ])
        try #require(generated.status == 0)

        var router = Router()
        router.get("/hello") { request in try .json(["ok": true, "scheme": true]) }
        let tls = HTTPServer.TLS(
            certificateChainPEM: try String(contentsOf: certificateURL, encoding: .utf8),
            privateKeyPEM: try String(contentsOf: keyURL, encoding: .utf8))
        try await withServer(tls: tls, router: router) { server in
            let port = server.port
            let response = try await curl([
                "--cacert", certificateURL.path, "--resolve", "localhost:\(port):127.0.0.1",
                "https://localhost:\(port)/hello",
            ])
            #expect(response.status == 200)
            #expect(response.json?["ok"] as? Bool == true)
            #expect(response.headers["x-request-id"] != nil)

            // Plain HTTP on the TLS port gets no HTTP answer.
            let plain = try? await curl(["http://127.0.0.1:\(port)/hello"])
            #expect(plain?.status != 200)
        }
    }
}
