import Foundation
import ProvisioningDoctor
import TPCCommandLine

/// `tpc doctor`: checks an issuer app's Wallet extension setup and prints
/// what to fix.
struct DoctorCommand: Command {
    static let appEntitlements = Option<String?>(
        "app-entitlements", valueName: "file", help: "The app's .entitlements file.")
    static let appInfo = Option<String?>("app-info", valueName: "file", help: "The app's Info.plist.")
    static let extensionEntitlements = Option<String?>(
        "extension-entitlements", valueName: "file", help: "The non-UI extension's .entitlements.")
    static let extensionInfo = Option<String?>(
        "extension-info", valueName: "file", help: "The non-UI extension's Info.plist.")
    static let uiEntitlements = Option<String?>(
        "ui-entitlements", valueName: "file", help: "The sign-in extension's .entitlements.")
    static let uiInfo = Option<String?>("ui-info", valueName: "file", help: "The sign-in extension's Info.plist.")
    static let project = Argument<String>("project", help: "The project directory.", default: ".")

    static let configuration = CommandConfiguration(
        name: "doctor", abstract: "Check the Wallet extensions' entitlements and Info.plist files.",
        discussion: """
            Reads the app's and both extensions' entitlements and Info.plist files (by default App/, \
            WalletExtension/ and WalletExtensionUI/ under the project directory) and checks the \
            payment-pass-provisioning entitlement in all three, one shared App Group, each extension's \
            NSExtensionPointIdentifier and principal class. Prints what to fix; exits 1 on findings.
            """,
        options: [appEntitlements, appInfo, extensionEntitlements, extensionInfo, uiEntitlements, uiInfo],
        arguments: [project])

    let project: ExtensionProject

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        var project = ExtensionProject(directory: URL(fileURLWithPath: try arguments[Self.project], isDirectory: true))
        let overrides: [(ExtensionTarget, Option<String?>, Option<String?>)] = [
            (.app, Self.appEntitlements, Self.appInfo),
            (.issuerExtension, Self.extensionEntitlements, Self.extensionInfo),
            (.authorizationExtension, Self.uiEntitlements, Self.uiInfo),
        ]
        for (target, entitlements, info) in overrides {
            if let path = try arguments[entitlements] {
                project.files[target]?.entitlements = URL(fileURLWithPath: path)
            }
            if let path = try arguments[info] { project.files[target]?.infoPlist = URL(fileURLWithPath: path) }
        }
        self.project = project
    }

    func run() async throws -> ExitCode {
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
