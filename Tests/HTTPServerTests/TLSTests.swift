import Foundation
import ProvisioningHTTP
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct TLSTests {
    @Test func servesHTTPSWithACertificateMadeAtTestTime() async throws {
        try #require(HTTPServer.supportsTLS, "the server cannot serve HTTPS")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let selfSigned = try await SelfSignedCertificate.make(in: directory)

        var router = Router()
        router.get("/hello") { request in try .json(["ok": true, "scheme": true]) }
        let tls = HTTPServer.TLS(
            certificateChainPEM: try selfSigned.certificatePEM(), privateKeyPEM: try selfSigned.privateKeyPEM())
        try await withServer(tls: tls, router: router) { server in
            let port = server.port
            let response = try await curl([
                "--cacert", selfSigned.certificateFile.path, "--resolve", "localhost:\(port):127.0.0.1",
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
