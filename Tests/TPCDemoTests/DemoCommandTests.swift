import Foundation
import Testing

/// `tpc demo` as `make demo` runs it: a real sandbox child, the SDK and the
/// emulation, every step verified.
@Suite("tpc demo", .serialized)
struct DemoCommandTests {
    static let stepTitles = [
        "Start tpc serve --sandbox", "Simulated iPhone with a paired Apple Watch", "In-app provisioning to the iPhone",
        "In-app provisioning to the paired Watch", "In-app activation from Wallet's deep link",
        "Suspend, resume and delete the token", "A declined card", "Back office: token list and an operator action",
    ]

    @Test("tpc demo walks every flow to a green summary and exits 0")
    func demoPassesEveryStep() throws {
        let result = try ToolProcess.run(["demo"])
        #expect(result.status == 0, "tpc demo failed:\n\(result.output)\n\(result.error)")
        let summary = try #require(result.output.components(separatedBy: "\n #  step").last)
        for title in Self.stepTitles {
            let row = summary.split(separator: "\n").first { $0.contains(title) }
            #expect(row?.contains("✓ ok") == true, "summary row for \(title): \(row ?? "missing")")
        }
        #expect(summary.contains("DEMO PASSED: 8 of 8 steps verified"))
        #expect(!summary.contains("FAIL"))
    }

    @Test("tpc demo --verbose shows the wire without a PAN, a code or a key")
    func verboseRedactsSecrets() throws {
        let result = try ToolProcess.run(["demo", "--verbose"])
        #expect(result.status == 0, "tpc demo --verbose failed:\n\(result.output)")
        let output = result.output
        #expect(output.contains("→ POST /mg/tpc/v1/issuers/sandbox-bank/applepay/provisioning"))
        #expect(output.contains("\"authorizationCode\":\"‹redacted›\""))
        #expect(output.contains("\"encryptedPayload\":\"‹redacted›\""))
        for pan in ["4761200000000015", "4761200000000023", "4761200000000031", "0000 0015"] {
            #expect(!output.contains(pan), "a test PAN reached the terminal")
        }
        #expect(!output.contains("eyJ"), "a JWT reached the terminal")
        #expect(!output.contains("BEGIN"), "PEM material reached the terminal")
    }

    @Test("tpc demo --url without --sandbox-dir is a usage error")
    func urlNeedsSandboxDirectory() throws {
        let result = try ToolProcess.run(["demo", "--url", "http://127.0.0.1:1/mg/tpc"])
        #expect(result.status == 64)
        #expect(result.error.contains("--sandbox-dir"))
    }
}
