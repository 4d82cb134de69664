import Foundation
import Testing

/// `tpc demo` as `make demo` runs it: a real sandbox child, the SDK and the
/// emulation, every step verified.
@Suite("tpc demo", .serialized, .timeLimit(.minutes(10)))
struct DemoCommandTests {
    static let stepTitles = [
        "Start tpc serve --sandbox", "Simulated iPhone with a paired Apple Watch", "In-app provisioning to the iPhone",
        "In-app provisioning to the paired Watch", "In-app activation from Wallet's deep link",
        "Suspend, resume and delete the token", "A declined card",
        "Wallet extension: status, sign-in and card entries", "Wallet extension adds the card to the iPhone",
        "Issuer wallet: Visa and dual-brand cards, details, art", "Issuer wallet: ID&V, a payment and a replenishment",
        "Back office: token list and an operator action", "Mastercard: TAV and the MDES Customer Service API",
    ]

    /// The summary table's step rows (` 1  Start …`, `12  Back office …`).
    static func summaryRows(_ output: String) throws -> [Substring] {
        let summary = try #require(output.components(separatedBy: "\n #  step").last)
        return summary.split(separator: "\n").filter {
            $0.range(of: #"^[ 0-9][0-9]  "#, options: .regularExpression) != nil
        }
    }

    @Test("tpc demo walks every flow to a green summary and exits 0")
    func demoPassesEveryStep() async throws {
        let result = try await ToolProcess.run(["demo"])
        #expect(result.status == 0, "tpc demo failed:\n\(result.output)\n\(result.error)")
        let rows = try Self.summaryRows(result.output)
        #expect(rows.count == Self.stepTitles.count, "summary rows:\n\(rows.joined(separator: "\n"))")
        for row in rows {
            #expect(row.contains("✓ ok"), "summary row not verified: \(row)")
        }
        for title in Self.stepTitles {
            let row = rows.first { $0.contains(title) }
            #expect(row?.contains("✓ ok") == true, "summary row for \(title): \(row.map(String.init) ?? "missing")")
        }
        // Every flow of docs/architecture.md has its rows: A, B (Wallet
        // extension), C and D (issuer wallet).
        for flow in ["A", "B", "C", "D"] {
            #expect(rows.contains { $0.contains("  \(flow)  ") }, "no step of flow \(flow)")
        }
        let summary = try #require(result.output.components(separatedBy: "\n #  step").last)
        #expect(summary.contains("DEMO PASSED: \(Self.stepTitles.count) of \(Self.stepTitles.count) steps verified"))
        #expect(!summary.contains("FAIL"))
        #expect(result.output.contains("status answered in"), "the Wallet extension's status time is shown")
        #expect(result.output.contains("expiry present"), "the issuer wallet's card metadata is shown")
        // The Mastercard step checks the TAV on screen and shows each MDES
        // call: how it was signed and what MDES answered, without card data.
        let mastercard = try #require(
            result.output.components(separatedBy: "Mastercard: TAV and the MDES Customer Service API").dropFirst().first
        )
        #expect(mastercard.contains("✓ the TAV verifies with the registered public key"))
        #expect(mastercard.contains("✓ the same TAV does not verify for another card number"))
        #expect(mastercard.contains("MDES POST http://127.0.0.1:"), "the signed URL is shown")
        #expect(mastercard.contains("signed RSA-SHA256 by consumer sandbox-…, body hash "))
        #expect(mastercard.contains("answered 200 SearchResponse: token S (Suspended), Suspenders [I]"))
        #expect(mastercard.contains("answered 200 SearchResponse: token A (Active), no Suspenders"))
        #expect(!mastercard.contains("5204240000000013") && !mastercard.contains("BEGIN"))
    }

    @Test("tpc demo --verbose shows the wire without a PAN, an expiry, a code or a key")
    func verboseRedactsSecrets() async throws {
        let result = try await ToolProcess.run(["demo", "--verbose"])
        #expect(result.status == 0, "tpc demo --verbose failed:\n\(result.output)")
        let output = result.output
        #expect(output.contains("→ POST /mg/tpc/v1/issuers/sandbox-bank/applepay/provisioning"))
        #expect(output.contains("\"authorizationCode\":\"‹redacted›\""))
        #expect(output.contains("\"encryptedPayload\":\"‹redacted›\""))
        // Flow D talks through the same proxy: registration, the one-time
        // code and the payment are on the wire, redacted.
        #expect(output.contains("→ POST /mg/tpc/v1/issuers/sandbox-bank/wallets"))
        #expect(output.contains("\"accessToken\":\"‹redacted›\""))
        #expect(output.contains("\"code\":\"‹redacted›\""))
        #expect(output.contains("→ POST /mg/tpc/v1/sandbox/payments"))
        #expect(output.contains("\"cryptogram\":\"‹redacted›\""))
        #expect(output.contains("\"tokenExpiry\":\"‹redacted›\""))
        let pans = [
            "4761200000000015", "4761200000000023", "4761200000000031", "5204240000000013", "5204240000000096",
            "0000 0015",
        ]
        for pan in pans {
            #expect(!output.contains(pan), "a test PAN reached the terminal")
        }
        let expiry = try NSRegularExpression(pattern: #""(0[1-9]|1[0-2])/[0-9]{2}""#)
        #expect(
            expiry.firstMatch(in: output, range: NSRange(output.startIndex..., in: output)) == nil,
            "an MM/YY expiry reached the terminal")
        #expect(!output.contains("eyJ"), "a JWT reached the terminal")
        #expect(!output.contains("BEGIN"), "PEM material reached the terminal")
    }

    /// A directory holding a copy of `tpc` (and, when given, a `tpc-demo`).
    static func lonelyTPC(demo script: String?) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tpc-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try ToolProcess.binary(), to: directory.appendingPathComponent("tpc"))
        if let script {
            let demo = directory.appendingPathComponent("tpc-demo")
            try Data(script.utf8).write(to: demo)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: demo.path)
        }
        return directory
    }

    @Test("tpc demo replaces tpc with the sibling tpc-demo: same process, same arguments")
    func demoExecsTheSiblingExecutable() async throws {
        let directory = try Self.lonelyTPC(demo: "#!/bin/sh\necho \"pid=$$ args=$*\"\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ToolProcess.run(
            ["demo", "--verbose", "--work-dir", "/tmp/x y"], executable: directory.appendingPathComponent("tpc"))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "pid=\(result.pid) args=demo --verbose --work-dir /tmp/x y\n")
    }

    @Test("tpc demo without tpc-demo beside it names the build command and exits 69")
    func missingDemoExecutableIsExplained() async throws {
        let directory = try Self.lonelyTPC(demo: nil)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ToolProcess.run(["demo"], executable: directory.appendingPathComponent("tpc"))
        #expect(result.status == 69)
        #expect(result.error.contains("swift build --product tpc-demo"))
        #expect(result.output.isEmpty)
    }

    @Test("tpc demo --url without --sandbox-dir is a usage error")
    func urlNeedsSandboxDirectory() async throws {
        let result = try await ToolProcess.run(["demo", "--url", "http://127.0.0.1:1/mg/tpc"])
        #expect(result.status == 64)
        #expect(result.error.contains("--sandbox-dir"))
    }
}
