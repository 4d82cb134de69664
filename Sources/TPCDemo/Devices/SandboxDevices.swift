import Foundation
import IssuerTools
import PassKitEmulation

/// The simulated iPhones and Watches of a sandbox directory, kept in its
/// `devices/` folder, for `tpc sandbox device create|list|remove`.
///
/// Each iPhone has a wallet directory of its own (a ``SimulatedWallet``: the
/// devices, their P-256 keys, their passes); a Watch lives in the wallet of
/// the iPhone it is paired with. The SDK on Linux finds a wallet through
/// `PP_SIMULATED_DEVICE_DIR` (``SimulatedWallet/directoryEnvironmentVariable``),
/// so an app developer's own package drives these devices without writing
/// Swift against the emulation first.
///
/// ```swift
/// let devices = SandboxDevices(sandboxDirectory: URL(fileURLWithPath: ".tpc-sandbox"))
/// let phone = try await devices.createIPhone(named: "Ada's iPhone", sandboxURL: url)
/// _ = try await devices.createWatch(named: "Ada's Watch", pairedWith: "Ada's iPhone")
/// print(phone.walletDirectory.path)  // export as PP_SIMULATED_DEVICE_DIR
/// ```
package struct SandboxDevices: Sendable {
    /// One iPhone's wallet: the iPhone, its Watch, where they live and the
    /// sandbox they talk to.
    package struct Wallet: Hashable, Sendable {
        /// The iPhone.
        package var iPhone: SimulatedDevice
        /// The paired Watch, if any.
        package var watch: SimulatedDevice?
        /// The wallet directory: the value of `PP_SIMULATED_DEVICE_DIR`.
        package var walletDirectory: URL
        /// The sandbox service (base path included) the devices are registered at.
        package var sandboxURL: URL
    }

    /// What ``remove(named:)`` removed.
    package enum Removal: Hashable, Sendable {
        /// An iPhone, its wallet directory and any Watch paired with it.
        case iPhone(Wallet)
        /// A Watch, unpaired from its iPhone (whose wallet stays).
        case watch(SimulatedDevice, from: Wallet)
    }

    /// `<sandbox directory>/devices`.
    package let directory: URL

    /// The devices of `sandboxDirectory` (the directory of `tpc serve --sandbox`).
    package init(sandboxDirectory: URL) {
        directory = sandboxDirectory.appendingPathComponent("devices", isDirectory: true)
    }

    /// Every iPhone's wallet, by iPhone name. A directory without a readable
    /// wallet is skipped.
    package func list() -> [Wallet] {
        let entries =
            (try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: nil, options: .skipsHiddenFiles)) ?? []
        return entries.compactMap { url in
            guard let wallet = try? SimulatedWallet.open(url) else { return nil }
            return Wallet(wallet, directory: url)
        }
        .sorted { $0.iPhone.name < $1.iPhone.name }
    }

    /// Registers an iPhone at the sandbox at `sandboxURL` in a new wallet directory.
    ///
    /// - Throws: ``DemoError`` `invalid-input` for an empty or taken name,
    ///   `service-unreachable` or `service-refused` when the sandbox does not
    ///   register it, `unreadable-file` when the directory cannot be written.
    package func createIPhone(named name: String, sandboxURL: URL) async throws(DemoError) -> Wallet {
        let name = try available(name)
        let walletDirectory = newWalletDirectory(for: name)
        do {
            let wallet = try await SimulatedWallet.create(in: walletDirectory, sandboxURL: sandboxURL, iPhoneName: name)
            return Wallet(wallet, directory: walletDirectory)
        } catch {
            try? FileManager.default.removeItem(at: walletDirectory)
            throw Self.failure(error, registering: name)
        }
    }

    /// Registers a Watch paired with the iPhone named `iPhoneName`, at that
    /// iPhone's sandbox, replacing the Watch it had.
    ///
    /// - Throws: ``DemoError`` `invalid-input` for an empty or taken name or
    ///   an unknown iPhone, and as ``createIPhone(named:sandboxURL:)``.
    package func createWatch(named name: String, pairedWith iPhoneName: String) async throws(DemoError) -> Wallet {
        let name = try available(name)
        guard let entry = list().first(where: { $0.iPhone.name == iPhoneName }) else {
            throw DemoError(.invalidInput, "no simulated iPhone named '\(iPhoneName)' in \(directory.path)")
        }
        do {
            let wallet = try SimulatedWallet.open(entry.walletDirectory)
            try await wallet.pairWatch(named: name)
            return Wallet(wallet, directory: entry.walletDirectory)
        } catch {
            throw Self.failure(error, registering: name)
        }
    }

    /// Removes the device named `name`: an iPhone with its wallet directory
    /// (and its Watch), or a Watch from its iPhone's wallet.
    ///
    /// The sandbox keeps its record of the device; nothing signs for it any more.
    ///
    /// - Throws: ``DemoError`` `invalid-input` when no device has this name,
    ///   `unreadable-file` when the directory cannot be changed.
    package func remove(named name: String) throws(DemoError) -> Removal {
        let wallets = list()
        if let entry = wallets.first(where: { $0.iPhone.name == name }) {
            do {
                try FileManager.default.removeItem(at: entry.walletDirectory)
            } catch {
                throw DemoError(.unreadableFile, "cannot remove \(entry.walletDirectory.path)")
            }
            return .iPhone(entry)
        }
        if let entry = wallets.first(where: { $0.watch?.name == name }), let watch = entry.watch {
            do {
                try SimulatedWallet.open(entry.walletDirectory).unpairWatch()
            } catch {
                throw DemoError(.unreadableFile, "cannot update the wallet in \(entry.walletDirectory.path)")
            }
            var remaining = entry
            remaining.watch = nil
            return .watch(watch, from: remaining)
        }
        throw DemoError(.invalidInput, "no simulated device named '\(name)' in \(directory.path)")
    }

    // MARK: - Names and directories

    private func available(_ name: String) throws(DemoError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 64 else {
            throw DemoError(.invalidInput, "a device name must have 1 to 64 characters")
        }
        let taken = list().flatMap { [$0.iPhone.name] + ($0.watch.map { [$0.name] } ?? []) }
        guard !taken.contains(trimmed) else {
            throw DemoError(.invalidInput, "a simulated device named '\(trimmed)' exists in \(directory.path)")
        }
        return trimmed
    }

    /// `devices/<name in lowercase letters, digits and dashes>`, numbered when taken.
    private func newWalletDirectory(for name: String) -> URL {
        var slug = ""
        for character in name.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        if slug.isEmpty { slug = "iphone" }
        var candidate = directory.appendingPathComponent(slug, isDirectory: true)
        var number = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = directory.appendingPathComponent("\(slug)-\(number)", isDirectory: true)
            number += 1
        }
        return candidate
    }

    private static func failure(_ error: any Error, registering name: String) -> DemoError {
        guard let error = error as? PassKitEmulationError else {
            return DemoError(.unreadableFile, "'\(name)' cannot be registered: \(error)")
        }
        switch error.code {
        case .sandboxUnreachable:
            return DemoError(.serviceUnreachable, "the sandbox did not answer while registering '\(name)'")
        case .sandboxRefused:
            return DemoError(
                .serviceRefused,
                IssuerToolError.describing(
                    "the sandbox refused to register '\(name)'", httpStatus: error.status,
                    problemType: error.problemType, requestId: error.requestId))
        default:
            return DemoError(.unreadableFile, "'\(name)' cannot be kept: \(error.detail)")
        }
    }
}

extension SandboxDevices.Wallet {
    init(_ wallet: SimulatedWallet, directory: URL) {
        self.init(iPhone: wallet.iPhone, watch: wallet.watch, walletDirectory: directory, sandboxURL: wallet.sandboxURL)
    }
}
