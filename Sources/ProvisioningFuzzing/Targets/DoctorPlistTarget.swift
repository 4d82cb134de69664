import Foundation
import ProvisioningDoctor

extension FuzzTarget {
    /// `tpc doctor`'s input: the bytes become both the issuer extension's
    /// entitlements and its `Info.plist`, beside an otherwise correct app and
    /// sign-in extension, and `ProvisioningDoctor.check` reads the project.
    /// Accepted means no finding (a plist holding the entitlements and the
    /// `NSExtension` dictionary at once).
    public static let doctorPlist = FuzzTarget(name: "doctor-plist") { input in
        guard let project = DoctorProjectFixture.shared.project(issuerExtensionFiles: input) else { return .refused }
        return ProvisioningDoctor.check(project).isEmpty ? .accepted : .refused
    }
}

/// A project directory written once per process; each input rewrites only the
/// issuer extension's two files.
final class DoctorProjectFixture: Sendable {
    static let shared = DoctorProjectFixture()

    private let directory: URL?

    private init() {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("pp-fuzz-doctor-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        do {
            for (folder, files) in Self.fixedFiles {
                let base = directory.appendingPathComponent(folder, isDirectory: true)
                try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
                for (name, text) in files {
                    try Data(text.utf8).write(to: base.appendingPathComponent(name))
                }
            }
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(ExtensionProject.issuerExtensionFolder, isDirectory: true),
                withIntermediateDirectories: true)
            self.directory = directory
        } catch {
            self.directory = nil
        }
    }

    func project(issuerExtensionFiles input: [UInt8]) -> ExtensionProject? {
        guard let directory else { return nil }
        let base = directory.appendingPathComponent(ExtensionProject.issuerExtensionFolder, isDirectory: true)
        do {
            try Data(input).write(to: base.appendingPathComponent("WalletExtension.entitlements"))
            try Data(input).write(to: base.appendingPathComponent("Info.plist"))
        } catch {
            return nil
        }
        return ExtensionProject(directory: directory)
    }

    private static let entitlements = plist(
        """
        <key>com.apple.developer.payment-pass-provisioning</key><true/>
        <key>com.apple.security.application-groups</key><array><string>group.com.example.IssuerApp</string></array>
        """)

    private static let fixedFiles: [(String, [(String, String)])] = [
        (
            ExtensionProject.appFolder,
            [
                ("IssuerApp.entitlements", entitlements),
                ("Info.plist", plist("<key>CFBundleIdentifier</key><string>com.example.IssuerApp</string>")),
            ]
        ),
        (
            ExtensionProject.authorizationExtensionFolder,
            [
                ("WalletExtensionUI.entitlements", entitlements),
                (
                    "Info.plist",
                    plist(
                        """
                        <key>NSExtension</key><dict>
                        <key>NSExtensionPointIdentifier</key><string>com.apple.PassKit.issuer-provisioning.authorization</string>
                        <key>NSExtensionPrincipalClass</key><string>$(PRODUCT_MODULE_NAME).IntentViewController</string>
                        </dict>
                        """)
                ),
            ]
        ),
    ]

    private static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        \(body)
        </dict></plist>
        """
    }
}
