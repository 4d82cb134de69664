import Foundation

/// The files `tpc doctor` reads: each target's entitlements and Info.plist
/// (XML or binary property lists).
///
/// ```swift
/// let project = ExtensionProject(directory: URL(fileURLWithPath: "IssuerApp"))
/// ```
package struct ExtensionProject: Hashable, Sendable {
    /// A target's two files.
    package struct Files: Hashable, Sendable {
        /// The `.entitlements` file.
        package var entitlements: URL
        /// The `Info.plist` file.
        package var infoPlist: URL
    }

    /// The files of each target.
    package var files: [ExtensionTarget: Files]

    /// Names every file.
    package init(app: Files, issuerExtension: Files, authorizationExtension: Files) {
        files = [.app: app, .issuerExtension: issuerExtension, .authorizationExtension: authorizationExtension]
    }

    /// The conventional layout: `App/`, `WalletExtension/` and
    /// `WalletExtensionUI/` under `directory`, each with an `Info.plist` and
    /// one `*.entitlements` file (the first by name when there are several;
    /// `<folder>.entitlements` when there is none, so the finding names it).
    package init(directory: URL) {
        func files(_ folder: String) -> Files {
            let base = directory.appendingPathComponent(folder, isDirectory: true)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
            let entitlements = names.filter { $0.hasSuffix(".entitlements") }.sorted().first ?? "\(folder).entitlements"
            return Files(
                entitlements: base.appendingPathComponent(entitlements),
                infoPlist: base.appendingPathComponent("Info.plist"))
        }
        self.init(
            app: files(Self.appFolder), issuerExtension: files(Self.issuerExtensionFolder),
            authorizationExtension: files(Self.authorizationExtensionFolder))
    }

    /// The app's folder in the conventional layout.
    package static let appFolder = "App"
    /// The non-UI extension's folder in the conventional layout.
    package static let issuerExtensionFolder = "WalletExtension"
    /// The sign-in extension's folder in the conventional layout.
    package static let authorizationExtensionFolder = "WalletExtensionUI"
}
