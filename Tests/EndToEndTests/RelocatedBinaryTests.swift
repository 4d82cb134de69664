import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport
import Testing

/// `tpc` and `tpc-demo` copied out of the build directory, as `make install`
/// or the `make dist` tarball puts them, and run from an empty directory with
/// a fresh environment (``RelocatedBinaries``): everything they need is inside
/// them, and nothing they load or open lies in the build directory.
@Suite(.timeLimit(.minutes(10))) struct RelocatedBinaryTests {
    static let openAPISource = InteropPython.packageRoot.appendingPathComponent("Sources/ProvisioningAPI/openapi.json")
    static let appleRootFingerprint =
        "63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79"
    static let card =
        #"{"primaryAccountNumber":"4761200000000015","expiration":"12/29","cardholderName":"Ada Lovelace","#
        + #""cardReference":"card-1"}"#

    @Test func copiesLinkNoLibraryOfTheBuildDirectoryAndCarryNoResourceBundle() async throws {
        let installed = try RelocatedBinaries.make()
        defer { installed.remove() }
        for name in ["tpc", "tpc-demo"] {
            let path = installed.executable(name).path
            let libraries = try await installed.runProgram(["ldd", path])
            #expect(libraries.status == 0, "ldd \(name): \(libraries.error)")
            #expect(!libraries.output.contains(installed.buildDirectory.path), "\(name) links:\n\(libraries.output)")
            #expect(!libraries.output.contains("not found"), "\(name) links:\n\(libraries.output)")
            // SwiftPM names resource bundles <package>_<target>; an accessor
            // would look for one beside the program, then in the build directory.
            let bytes = try Data(contentsOf: installed.executable(name))
            #expect(bytes.range(of: Data("PushProvisioning_".utf8)) == nil, "\(name) refers to a resource bundle")
        }
    }

    @Test func sandboxServesTheCheckedInDocumentAndItsDevicesFlowFromTheCopies() async throws {
        let installed = try RelocatedBinaries.make()
        defer { installed.remove() }
        let sandbox = installed.home.appendingPathComponent("sandbox").path
        let server = try installed.start(
            ["serve", "--sandbox", "--sandbox-dir", sandbox, "--port", "0"], name: "serve")
        let address = try await server.listening()
        let url = try #require(address.serviceURL).absoluteString
        #expect(installed.buildDirectoryUse(of: server.pid) == [])

        let document = try await WireClient(root: address.root).get("/openapi.json")
        #expect(document.status == 200)
        #expect(document.body == (try Data(contentsOf: Self.openAPISource)), "not the bytes of openapi.json")

        // The bank's side, from the sandbox issuer's files.
        let code = try await installed.run(
            [
                "issuer", "mint-code", "--issuer-dir", sandbox, "--scope", "provision", "--card-ref", "card-1",
                "--pan-last-four", "0015",
            ])
        #expect(code.status == 0, "\(code.error)")
        #expect(code.output.split(separator: ".").count == 3, "not a JWS")
        let payload = try await installed.run(
            ["issuer", "encrypt-payload", "--issuer-dir", sandbox], input: Array(Self.card.utf8))
        #expect(payload.status == 0, "\(payload.error)")

        // The devices an SDK user's own code drives.
        let phone = try await installed.run(
            ["sandbox", "device", "create", "--name", "Ada's iPhone", "--url", url, "--sandbox-dir", sandbox, "--json"])
        #expect(phone.status == 0, "\(phone.error)")
        let created = try JSONSerialization.jsonObject(with: Data(phone.output.utf8)) as? [String: Any]
        let setup = try #require(created?["setup"] as? [String: Any])
        let walletDirectory = try #require(
            (setup["environment"] as? [String: String])?["PP_SIMULATED_DEVICE_DIR"])
        #expect(FileManager.default.fileExists(atPath: walletDirectory + "/wallet.json"))
        #expect((setup["configure"] as? [String: String])?["url"] == url)
        #expect((setup["configure"] as? [String: String])?["issuerId"]?.isEmpty == false)

        let watch = try await installed.run(
            [
                "sandbox", "device", "create", "--name", "Ada's Watch", "--paired-with", "Ada's iPhone",
                "--sandbox-dir", sandbox,
            ])
        #expect(watch.status == 0, "\(watch.error)")
        #expect(watch.output.contains("export PP_SIMULATED_DEVICE_DIR="))
        let listed = try await installed.run(["sandbox", "device", "list", "--sandbox-dir", sandbox])
        #expect(listed.output.contains("Ada's iPhone\tiPhone"))
        #expect(listed.output.contains("Ada's Watch\tWatch"))
        let duplicate = try await installed.run(
            ["sandbox", "device", "create", "--name", "Ada's Watch", "--url", url, "--sandbox-dir", sandbox])
        #expect(duplicate.status == 65, "a second device of the same name: \(duplicate.error)")
        let unpaired = try await installed.run(["sandbox", "device", "remove", "Ada's Watch", "--sandbox-dir", sandbox])
        #expect(unpaired.status == 0, "\(unpaired.error)")
        let removed = try await installed.run(["sandbox", "device", "remove", "Ada's iPhone", "--sandbox-dir", sandbox])
        #expect(removed.status == 0, "\(removed.error)")
        #expect(!FileManager.default.fileExists(atPath: walletDirectory))

        #expect(installed.buildDirectoryUse(of: server.pid) == [])
        #expect(try await server.terminate() == 0)
    }

    @Test func demoRunsFromTheCopiesAndStartsTheCopiedServer() async throws {
        let installed = try RelocatedBinaries.make()
        defer { installed.remove() }
        let demo = try await installed.run(["demo"], timeout: .seconds(480))
        #expect(demo.status == 0, "tpc demo: \(demo.output.suffix(3000))\n\(demo.error.suffix(2000))")
    }

    @Test func configModePinsAppleRootByFingerprintAndRefusesAnotherRootAsUntrusted() async throws {
        let installed = try RelocatedBinaries.make(["tpc"])
        defer { installed.remove() }
        let bank = installed.home.appendingPathComponent("bank").path
        let initialized = try await installed.run(
            [
                "issuer", "init", "--dir", bank, "--issuer-id", "bank-1", "--name", "Bank One", "--audience",
                "tpc.example",
            ])
        #expect(initialized.status == 0, "\(initialized.error)")
        let server = try installed.start(
            [
                "serve", "--config", bank + "/issuers.json", "--database",
                "sqlite:" + installed.home.appendingPathComponent("tpc.sqlite").path, "--port", "0",
            ], name: "serve")
        let address = try await server.listening()
        let pinned = try await server.waitForLine(prefix: "tpc: Apple's certificate chains are verified against")
        #expect(pinned.hasSuffix("verified against only Apple Root CA - G3 (SHA-256 \(Self.appleRootFingerprint))"))
        #expect(installed.buildDirectoryUse(of: server.pid) == [])
        let client = WireClient(root: address.root)
        let document = try await client.get("/openapi.json")
        #expect(document.status == 200)
        #expect(document.body == (try Data(contentsOf: Self.openAPISource)))
        let ready = try await client.get("/readyz")
        #expect(ready.status == 200)
        #expect(try ready.decode(ReadinessResponse.self).checks.map(\.name) == ["database", "certificates"])

        // A request that passes every check before the chain: a fresh code
        // and a payload for the card it names, then a chain under a root the
        // service never pinned.
        let code = try await installed.run(
            [
                "issuer", "mint-code", "--issuer-dir", bank, "--scope", "provision", "--card-ref", "card-1",
                "--pan-last-four", "0015",
            ])
        let payload = try await installed.run(
            ["issuer", "encrypt-payload", "--issuer-dir", bank], input: Array(Self.card.utf8))
        #expect(code.status == 0 && payload.status == 0, "\(code.error)\(payload.error)")
        let request = ApplePayProvisioningRequest(
            scheme: .visa, encryptedPayload: payload.output.trimmingCharacters(in: .whitespacesAndNewlines),
            authorizationCode: code.output.trimmingCharacters(in: .whitespacesAndNewlines),
            certificateChain: try ForeignAuthority.make().chain.map { Data($0.derRepresentation) },
            nonce: Data(repeating: 7, count: 32), nonceSignature: Data(repeating: 9, count: 70))
        let refused = try await client.post(
            address.basePath + (try APIPaths.provisioning(issuerId: "bank-1")).pathAndQuery, json: request)
        #expect(refused.status == 422, "\(refused.text)")
        #expect(refused.problemType == ProblemType.certificateChainInvalid.rawValue, "\(refused.text)")
        #expect(try await server.terminate() == 0)
    }

    @Test func everyHelpIsAnsweredWithoutTheDemoExecutable() async throws {
        let installed = try RelocatedBinaries.make(["tpc"])
        defer { installed.remove() }
        let demoHelp = try await installed.run(["demo", "--help"])
        #expect(demoHelp.status == 0, "\(demoHelp.error)")
        #expect(demoHelp.output.contains("Run every flow end to end") && demoHelp.output.contains("--sandbox-dir"))
        let deviceHelp = try await installed.run(["sandbox", "device", "create", "--help"])
        #expect(deviceHelp.status == 0, "\(deviceHelp.error)")
        #expect(deviceHelp.output.contains("--paired-with") && deviceHelp.output.contains("PP_SIMULATED_DEVICE_DIR"))
        let usage = try await installed.run(["demo", "--no-such-option"])
        #expect(usage.status == 64, "a usage error is tpc's own: \(usage.error)")
        let demo = try await installed.run(["demo"])
        #expect(demo.status == 69)
        #expect(demo.error.contains("tpc-demo is missing"), "\(demo.error)")
        let devices = try await installed.run(["sandbox", "device", "list"])
        #expect(devices.status == 69)
    }

    @Test func serveRefusesToStartNamingAMissingKeyFileOrADamagedSandboxKey() async throws {
        let installed = try RelocatedBinaries.make(["tpc"])
        defer { installed.remove() }
        let bank = installed.home.appendingPathComponent("bank")
        let initialized = try await installed.run(
            [
                "issuer", "init", "--dir", bank.path, "--issuer-id", "bank-1", "--name", "Bank One", "--audience",
                "tpc.example",
            ])
        #expect(initialized.status == 0, "\(initialized.error)")
        let database = "sqlite:" + installed.home.appendingPathComponent("never.sqlite").path

        let tlsMissing = try await installed.run(
            [
                "serve", "--config", bank.path + "/issuers.json", "--database", database, "--port", "0", "--tls-cert",
                bank.path + "/no-such.pem", "--tls-key", bank.path + "/no-such-key.pem",
            ], timeout: .seconds(120))
        #expect(tlsMissing.status == 78)
        #expect(Self.lines(tlsMissing.error) == 1 && tlsMissing.error.contains("no-such.pem"), "\(tlsMissing.error)")

        try FileManager.default.removeItem(at: bank.appendingPathComponent("payload-key.pem"))
        let keyMissing = try await installed.run(
            ["serve", "--config", bank.path + "/issuers.json", "--database", database, "--port", "0"],
            timeout: .seconds(120))
        #expect(keyMissing.status == 78)
        #expect(
            Self.lines(keyMissing.error) == 1 && keyMissing.error.contains("payload-key.pem"), "\(keyMissing.error)")
        #expect(!FileManager.default.fileExists(atPath: installed.home.appendingPathComponent("never.sqlite").path))

        let sandbox = installed.home.appendingPathComponent("sandbox")
        try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
        try Data("short".utf8).write(to: sandbox.appendingPathComponent("sandbox-master.key"))
        let damaged = try await installed.run(
            ["serve", "--sandbox", "--sandbox-dir", sandbox.path, "--port", "0"], timeout: .seconds(180))
        #expect(damaged.status == 78)
        #expect(Self.lines(damaged.error) == 1 && damaged.error.contains("master key"), "\(damaged.error)")
    }

    static func lines(_ text: String) -> Int {
        text.split(separator: "\n").count
    }
}
