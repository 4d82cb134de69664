import Foundation
import ProvisioningDoctor
import Testing

@Suite("tpc doctor checks", .timeLimit(.minutes(3)))
struct ProvisioningDoctorTests {
    struct Case: Sendable, CustomStringConvertible {
        var project: String
        var expected: [String]
        var description: String { project }
    }

    /// Each fixture project and exactly the findings (target:code) it must give.
    static let cases: [Case] = [
        Case(project: "configured", expected: []),
        Case(
            project: "ui-extension-without-entitlement",
            expected: ["authorizationExtension:missing-provisioning-entitlement"]),
        Case(project: "app-entitlement-false", expected: ["app:missing-provisioning-entitlement"]),
        Case(project: "extension-without-app-group", expected: ["issuerExtension:missing-app-group"]),
        Case(project: "no-shared-app-group", expected: ["all:no-shared-app-group"]),
        Case(
            project: "extension-points-swapped",
            expected: ["issuerExtension:wrong-extension-point", "authorizationExtension:wrong-extension-point"]),
        Case(project: "principal-class-missing", expected: ["issuerExtension:missing-principal-class"]),
        Case(
            project: "ui-without-nsextension",
            expected: [
                "authorizationExtension:wrong-extension-point", "authorizationExtension:missing-principal-class",
            ]),
        Case(project: "entitlements-not-a-plist", expected: ["issuerExtension:unreadable-file"]),
    ]

    private func directory(_ name: String) throws -> URL {
        let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return root.appendingPathComponent("doctor", isDirectory: true).appendingPathComponent(name, isDirectory: true)
    }

    @Test("each fixture project gives exactly its findings", arguments: cases)
    func fixtureFindings(_ testCase: Case) throws {
        let findings = ProvisioningDoctor.check(ExtensionProject(directory: try directory(testCase.project)))
        let summary = findings.map { "\($0.target?.rawValue ?? "all"):\($0.code.rawValue)" }
        #expect(summary == testCase.expected)
        #expect(findings.allSatisfy { !$0.fix.isEmpty })
    }

    @Test("the fix names the entitlement, the group or the identifier to set")
    func fixesSayWhatToSet() throws {
        let swapped = ProvisioningDoctor.check(ExtensionProject(directory: try directory("extension-points-swapped")))
        #expect(swapped.first?.fix.contains("set it to com.apple.PassKit.issuer-provisioning") == true)
        let missing = ProvisioningDoctor.check(
            ExtensionProject(directory: try directory("ui-extension-without-entitlement")))
        #expect(missing.first?.fix.contains(ProvisioningDoctor.provisioningEntitlement) == true)
    }

    @Test("a project folder that does not exist reports every file")
    func missingProjectReportsFiles() {
        let findings = ProvisioningDoctor.check(
            ExtensionProject(directory: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")))
        #expect(findings.count == 5 && findings.allSatisfy { $0.code == .unreadableFile })
    }
}
