import Foundation
import ProvisioningDoctor
import TPCCommandLine

/// `tpc doctor`: checks an issuer app's Wallet extension setup and prints
/// what to fix; see ``TPCTool/doctor``.
struct DoctorCommand {
    static let spec = CommandSpec(
        name: "doctor", abstract: "Check the Wallet extensions' entitlements and Info.plist files.",
        discussion: """
            Reads the app's and both extensions' entitlements and Info.plist files (by default App/, \
            WalletExtension/ and WalletExtensionUI/ under the project directory) and checks the \
            payment-pass-provisioning entitlement in all three, one shared App Group, each extension's \
            NSExtensionPointIdentifier and principal class. Prints what to fix; exits 1 on findings.
            """,
        options: [
            .option("app-entitlements", valueName: "file", help: "The app's .entitlements file."),
            .option("app-info", valueName: "file", help: "The app's Info.plist."),
            .option("extension-entitlements", valueName: "file", help: "The non-UI extension's .entitlements."),
            .option("extension-info", valueName: "file", help: "The non-UI extension's Info.plist."),
            .option("ui-entitlements", valueName: "file", help: "The sign-in extension's .entitlements."),
            .option("ui-info", valueName: "file", help: "The sign-in extension's Info.plist."),
        ],
        arguments: [.optional("project", help: "The project directory.", defaultValue: ".")])

    let project: ExtensionProject

    init(_ parsed: ParsedArguments) {
        let directory = URL(fileURLWithPath: parsed.argument("project") ?? ".", isDirectory: true)
        var project = ExtensionProject(directory: directory)
        let overrides: [(ExtensionTarget, String, String)] = [
            (.app, "app-entitlements", "app-info"),
            (.issuerExtension, "extension-entitlements", "extension-info"),
            (.authorizationExtension, "ui-entitlements", "ui-info"),
        ]
        for (target, entitlements, info) in overrides {
            if let path = parsed.value(entitlements) {
                project.files[target]?.entitlements = URL(fileURLWithPath: path)
            }
            if let path = parsed.value(info) { project.files[target]?.infoPlist = URL(fileURLWithPath: path) }
        }
        self.project = project
    }

    func run() -> ExitCode {
        let findings = ProvisioningDoctor.check(project)
        guard !findings.isEmpty else {
            StandardStreams.output("tpc doctor: the app and both Wallet extensions are configured.")
            return .success
        }
        StandardStreams.output("tpc doctor: \(findings.count) thing\(findings.count == 1 ? "" : "s") to fix:")
        for finding in findings { StandardStreams.output("  - \(finding)") }
        return .failure
    }
}
