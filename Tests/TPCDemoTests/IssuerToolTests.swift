import Foundation
import ProvisioningCrypto
import TPCDemo
import TestSupport
import Testing

/// `tpc issuer …` and `tpc tokens …`: outputs, exit codes and errors.
@Suite("tpc issuer and tpc tokens", .timeLimit(.minutes(10)))
struct IssuerToolTests {
    /// The part of issuers.json the code check needs.
    private struct Configuration: Decodable {
        struct Issuer: Decodable { var authorizationCodeKeys: JWKSet }
        var issuers: [Issuer]
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tpc-issuer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("issuer init writes a configuration, and mint-code signs a code its JWK set verifies")
    func initThenMintCode() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bank = directory.appendingPathComponent("bank").path
        let created = try await ToolProcess.run(["issuer", "init", "--dir", bank, "--issuer-id", "bank-7", "--json"])
        #expect(created.status == 0, "\(created.error)")
        let summary = try JSONDecoder().decode([String: String].self, from: Data(created.output.utf8))
        #expect(summary["issuerId"] == "bank-7")
        let again = try await ToolProcess.run(["issuer", "init", "--dir", bank])
        #expect(again.status == 1 && again.error.contains("--force"))

        let minted = try await ToolProcess.run([
            "issuer", "mint-code", "--issuer-dir", bank, "--scope", "token:suspend", "--token-id", "tok-1",
            "--lifetime", "60", "--json",
        ])
        #expect(minted.status == 0, "\(minted.error)")
        let output = try JSONDecoder().decode([String: String].self, from: Data(minted.output.utf8))
        let code = try #require(output["authorizationCode"])

        let configuration = try JSONDecoder().decode(
            Configuration.self,
            from: Data(contentsOf: URL(fileURLWithPath: bank).appendingPathComponent("issuers.json")))
        let keySet = try #require(configuration.issuers.first?.authorizationCodeKeys)
        let validator = JWTValidator(
            expectedIssuer: "bank-7", expectedAudience: "tpc", leeway: 5, maximumLifetime: 300,
            requireExpiration: true, requireIssuedAt: true, requireJWTID: true)
        let jwt = try validator.validate(code, keys: keySet, now: Date())
        #expect(jwt.claims[custom: "scope"] == .string("token:suspend"))
        #expect(jwt.claims[custom: "tokenId"] == .string("tok-1"))
    }

    /// What an `openssl` command prints on standard output, run in `directory`.
    private func openssl(_ arguments: [String], in directory: URL) async throws -> String {
        let result = try await ChildProcess.run(["openssl"] + arguments, directory: directory.path)
        #expect(result.exit == .exited(0), "openssl \(arguments[0]): \(result.errorText)")
        return result.outputText
    }

    @Test("issuer init prints the TAV public key to register and its SHA-256, as openssl computes it")
    func initPrintsTheTAVPublicKey() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bank = directory.appendingPathComponent("bank")
        let created = try await ToolProcess.run(["issuer", "init", "--dir", bank.path])
        #expect(created.status == 0, "\(created.error)")
        let pem = try String(contentsOf: bank.appendingPathComponent("tav-public-key.pem"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(pem.hasPrefix("-----BEGIN PUBLIC KEY-----"))
        #expect(created.output.contains(pem), "the PEM is not printed: \(created.output)")

        _ = try await openssl(
            ["pkey", "-pubin", "-in", "tav-public-key.pem", "-outform", "DER", "-out", "tav-public-key.der"], in: bank)
        let digest = try await openssl(["dgst", "-sha256", "-r", "tav-public-key.der"], in: bank)
        let expected = try #require(digest.split(separator: " ").first.map(String.init))
        #expect(expected.count == 64)
        #expect(created.output.contains("SHA-256 of its DER SubjectPublicKeyInfo: \(expected)"), "\(created.output)")
        let summary = try JSONDecoder().decode(
            [String: String].self, from: Data(contentsOf: bank.appendingPathComponent("sandbox.json")))
        #expect(summary["tavPublicKeySHA256"] == expected)
        // The private half is not printed.
        let privateKey = try String(contentsOf: bank.appendingPathComponent("tav-key.pem"), encoding: .utf8)
        let body = privateKey.split(separator: "\n").dropFirst().first.map(String.init) ?? "-"
        #expect(!created.output.contains(body))
    }

    @Test("issuer init takes a PKCS #12 signing key with its password's variable, and writes no password")
    func initWithAPKCS12SigningKey() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await openssl(
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "cert.pem", "-subj",
                "/CN=MDES signing", "-days", "1",
            ], in: directory)
        _ = try await openssl(
            [
                "pkcs12", "-export", "-inkey", "key.pem", "-in", "cert.pem", "-out", "signing.p12", "-passout",
                "pass:portal-secret",
            ], in: directory)
        let bank = directory.appendingPathComponent("bank")
        let p12 = directory.appendingPathComponent("signing.p12").path
        let created = try await ToolProcess.run([
            "issuer", "init", "--dir", bank.path, "--mdes-consumer-key", "abc!def", "--mdes-signing-key", p12,
            "--mdes-signing-key-password-env", "BANK_MDES_P12_PASSWORD",
        ])
        #expect(created.status == 0, "\(created.error)")
        let configuration = try String(contentsOf: bank.appendingPathComponent("issuers.json"), encoding: .utf8)
        let json = try JSONSerialization.jsonObject(with: Data(configuration.utf8)) as? [String: Any]
        let mdes = ((json?["issuers"] as? [[String: Any]])?.first)?["mdes"] as? [String: Any]
        #expect(mdes?["signingKeyP12File"] as? String == p12)
        #expect(mdes?["signingKeyP12PasswordVariable"] as? String == "BANK_MDES_P12_PASSWORD")
        #expect(mdes?["signingKeyPEMFile"] == nil)
        #expect(!configuration.contains("portal-secret"))

        let alone = try await ToolProcess.run([
            "issuer", "init", "--dir", directory.appendingPathComponent("other").path,
            "--mdes-signing-key-password-env", "BANK_MDES_P12_PASSWORD",
        ])
        #expect(alone.status != 0 && alone.error.contains("--mdes-signing-key"), "\(alone.error)")
    }

    @Test("encrypt-payload refuses a card JSON outside the format with exit 65 and names the field only")
    func encryptPayloadRefusesBadJSON() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bank = directory.appendingPathComponent("bank").path
        _ = try await ToolProcess.run(["issuer", "init", "--dir", bank])
        let good = try await ToolProcess.run(
            ["issuer", "encrypt-payload", "--issuer-dir", bank],
            input:
                #"{"primaryAccountNumber":"4761200000000015","expiration":"12/29","cardholderName":"A","cardReference":"c"}"#
        )
        #expect(good.status == 0)
        #expect(
            try CMSEnvelopedData.der(base64: good.output.trimmingCharacters(in: .whitespacesAndNewlines)).count > 300)
        let bad = try await ToolProcess.run(
            ["issuer", "encrypt-payload", "--issuer-dir", bank],
            input: #"{"primaryAccountNumber":"4761200000000015","cvv":"123"}"#)
        #expect(bad.status == 65)
        #expect(bad.error.split(separator: "\n").count == 1)
        #expect(bad.error.contains("expiration") && !bad.error.contains("4761200000000015"))
    }

    @Test("tokens list against a closed port exits 69 with a one-line error and a hint")
    func tokensListUnreachable() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("key")
        try Data("not-a-real-key\n".utf8).write(to: keyFile)
        let result = try await ToolProcess.run([
            "tokens", "list", "--url", "http://127.0.0.1:1/mg/tpc", "--issuer", "bank", "--api-key-file", keyFile.path,
        ])
        #expect(result.status == 69)
        #expect(result.error.split(separator: "\n").count == 1 && result.error.contains("hint:"))
    }

    @Test("tokens list trusts a self-signed tpc serve --tls-cert through --cacert, and exits 69 without it")
    func tokensListOverHTTPSWithCACert() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tls = try await SelfSignedCertificate.make(
            in: directory.appendingPathComponent("tls"), subjectAltName: "DNS:localhost")
        try await SandboxServer.with(
            arguments: ["--tls-cert", tls.certificateFile.path, "--tls-key", tls.keyFile.path]
        ) { server in
            #expect(server.baseURL.scheme == "https")
            let port = try #require(server.baseURL.port)
            let named = "https://localhost:\(port)\(server.baseURL.path)"
            let list = ["tokens", "list", "--issuer-dir", server.directory.path]

            let trusted = try await ToolProcess.run(list + ["--url", named, "--cacert", tls.certificateFile.path])
            #expect(trusted.status == 0, "\(trusted.error)")
            #expect(trusted.output.contains("no tokens") || trusted.output.hasPrefix("TOKEN"))

            // The system's roots do not hold it; nor does the certificate name 127.0.0.1.
            for (url, extra) in [(named, []), (server.baseURL.absoluteString, ["--cacert", tls.certificateFile.path])] {
                let refused = try await ToolProcess.run(list + ["--url", url] + extra)
                #expect(refused.status == 69)
                #expect(refused.error.split(separator: "\n").count == 1)
                #expect(refused.error.contains("not trusted") && refused.error.contains("--cacert"))
            }

            // A file that holds no certificate is a configuration error, not an unreachable service.
            let notPEM = try await ToolProcess.run(list + ["--url", named, "--cacert", tls.keyFile.path])
            #expect(notPEM.status == 78)
            #expect(notPEM.error.contains("holds no PEM certificate") && !notPEM.error.contains("PRIVATE KEY"))
        }
    }

    @Test("every new command answers --help")
    func helpForEveryCommand() async throws {
        for command in [
            ["demo"], ["issuer", "init"], ["issuer", "encrypt-payload"], ["issuer", "mint-code"], ["tokens", "list"],
            ["tokens", "suspend"], ["tokens", "resume"], ["tokens", "delete"], ["sandbox", "device", "create"],
            ["sandbox", "device", "list"], ["sandbox", "device", "remove"],
        ] {
            let result = try await ToolProcess.run(command + ["--help"])
            #expect(result.status == 0 && result.output.contains("USAGE: tpc \(command.joined(separator: " "))"))
        }
    }
}
