import Foundation
import PassKitEmulation
import TPCDemo

/// What `tpc sandbox device …` prints about a wallet: with `--json` these
/// documents, otherwise lines built from the same values.
enum DeviceReport {
    /// What an SDK user's code needs: the environment, the configuration and the settings.
    struct Setup: Encodable {
        struct Configuration: Encodable {
            var url: String
            var issuerId: String?
        }
        struct Settings: Encodable {
            var activationDataDirectory: String
        }
        var environment: [String: String]
        var configure: Configuration
        var settings: Settings

        /// The SDK set-up for `wallet`: the sandbox's issuer comes from its `sandbox.json`.
        init(wallet: SandboxDevices.Wallet, sandboxDirectory: URL) {
            let summary = sandboxDirectory.appendingPathComponent("sandbox.json")
            let issuerId = (try? Data(contentsOf: summary))
                .flatMap { try? JSONDecoder().decode([String: String].self, from: $0) }?["issuerId"]
            environment = [SimulatedWallet.directoryEnvironmentVariable: wallet.walletDirectory.path]
            configure = Configuration(url: wallet.sandboxURL.absoluteString, issuerId: issuerId)
            settings = Settings(
                activationDataDirectory: wallet.walletDirectory.appendingPathComponent("activation-data").path)
        }
    }

    /// One wallet as `--json` prints it.
    struct Wallet: Encodable {
        var iPhone: SimulatedDevice
        var watch: SimulatedDevice?
        var walletDirectory: String
        var sandboxURL: String

        init(_ wallet: SandboxDevices.Wallet) {
            iPhone = wallet.iPhone
            watch = wallet.watch
            walletDirectory = wallet.walletDirectory.path
            sandboxURL = wallet.sandboxURL.absoluteString
        }
    }

    /// `create --json`.
    struct Created: Encodable {
        var device: SimulatedDevice
        var wallet: Wallet
        var setup: Setup
    }

    /// `list --json`.
    struct Listing: Encodable {
        var devices: [Wallet]
    }

    /// `remove --json`.
    struct Removed: Encodable {
        var device: SimulatedDevice
        var wallet: Wallet
        var walletRemoved: Bool
    }

    static func kindName(_ device: SimulatedDevice) -> String {
        device.kind == .iPhone ? "iPhone" : "Watch"
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
