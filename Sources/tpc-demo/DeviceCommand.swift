import Foundation
import PassKitEmulation
import TPCCommandLine
import TPCDemo

/// `tpc sandbox device create|list|remove`: the simulated iPhones and Watches
/// an SDK user's own code drives on Linux, kept in the sandbox directory
/// (``SandboxDevices``), printed with what that code needs to find them.
///
/// `tpc` parsed the arguments against ``DemoExecutable/device`` and execs this
/// binary, which links the emulation.
struct DeviceCommand {
    let parsed: ParsedArguments

    init(_ parsed: ParsedArguments) {
        self.parsed = parsed
    }

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
    }

    /// One wallet as `--json` prints it.
    struct WalletOutput: Encodable {
        var iPhone: SimulatedDevice
        var watch: SimulatedDevice?
        var walletDirectory: String
        var sandboxURL: String
    }

    struct Created: Encodable {
        var device: SimulatedDevice
        var wallet: WalletOutput
        var setup: Setup
    }

    struct Listing: Encodable {
        var devices: [WalletOutput]
    }

    struct Removed: Encodable {
        var device: SimulatedDevice
        var wallet: WalletOutput
        var walletRemoved: Bool
    }

    var sandboxDirectory: URL {
        URL(fileURLWithPath: parsed.value("sandbox-dir") ?? ".tpc-sandbox", isDirectory: true).standardizedFileURL
    }

    var json: Bool { parsed.flag("json") }

    @MainActor
    func run() async -> ExitCode {
        let devices = SandboxDevices(sandboxDirectory: sandboxDirectory)
        do {
            switch parsed.subcommandPath.last {
            case DemoExecutable.deviceCreate.name:
                try await create(devices)
            case DemoExecutable.deviceRemove.name:
                try remove(devices)
            default:
                try list(devices)
            }
            return .success
        } catch let error as CommandLineError {
            Self.error("tpc: \(error.message)\n\(error.hint)")
            return error.exitCode
        } catch let error as DemoError {
            Self.error("tpc: error: \(error) (hint: \(Self.hint(for: error)))")
            return Self.exitCode(for: error)
        } catch {
            Self.error("tpc: error: \(error)")
            return .failure
        }
    }

    // MARK: - Subcommands

    private func create(_ devices: SandboxDevices) async throws {
        let name = parsed.value("name") ?? ""
        let url = try parsed.value("url", as: URL.self)
        let wallet: SandboxDevices.Wallet
        let device: SimulatedDevice
        if let iPhone = parsed.value("paired-with") {
            if let url, let paired = devices.list().first(where: { $0.iPhone.name == iPhone }),
                paired.sandboxURL.absoluteString != url.absoluteString
            {
                throw CommandLineError(
                    .invalidValue, "'\(iPhone)' is registered at \(paired.sandboxURL.absoluteString), not --url",
                    commandPath: parsed.commandPath, suggestion: "a Watch joins its iPhone's sandbox")
            }
            wallet = try await devices.createWatch(named: name, pairedWith: iPhone)
            guard let watch = wallet.watch else {
                throw DemoError(.verificationFailed, "the Watch was not paired")
            }
            device = watch
        } else {
            guard let url else {
                throw CommandLineError(
                    .missingRequired, "--url is required for an iPhone", commandPath: parsed.commandPath,
                    suggestion: "the URL `tpc serve --sandbox` printed, with its base path")
            }
            wallet = try await devices.createIPhone(named: name, sandboxURL: url)
            device = wallet.iPhone
        }
        let setup = setup(for: wallet)
        if json {
            try Self.printJSON(Created(device: device, wallet: WalletOutput(wallet), setup: setup))
            return
        }
        let pairing = device.kind == .watch ? ", paired with '\(wallet.iPhone.name)'" : ""
        Self.output(
            """
            tpc: registered \(Self.kindName(device)) '\(device.name)' (device \(device.id))\(pairing) \
            at \(wallet.sandboxURL.absoluteString)
            tpc: wallet directory \(wallet.walletDirectory.path)
            For the SDK on Linux (PassKitEmulation finds the devices through the environment):
              export \(SimulatedWallet.directoryEnvironmentVariable)=\(Self.shellQuoted(wallet.walletDirectory.path))
              try TPCSDK.configure(url: "\(setup.configure.url)", issuerId: "\(setup.configure.issuerId ?? "<issuer id>")")
              TPCSDK.settings.activationDataDirectory = URL(fileURLWithPath: "\(setup.settings.activationDataDirectory)")
            """)
    }

    private func list(_ devices: SandboxDevices) throws {
        let wallets = devices.list()
        if json {
            try Self.printJSON(Listing(devices: wallets.map(WalletOutput.init)))
            return
        }
        if wallets.isEmpty {
            Self.output("tpc: no simulated devices in \(devices.directory.path)")
            return
        }
        for wallet in wallets {
            Self.output(
                "\(wallet.iPhone.name)\tiPhone\t\(wallet.iPhone.id)\t\(wallet.walletDirectory.path)\t"
                    + wallet.sandboxURL.absoluteString)
            if let watch = wallet.watch {
                Self.output("\(watch.name)\tWatch\t\(watch.id)\tpaired with \(wallet.iPhone.name)")
            }
        }
    }

    private func remove(_ devices: SandboxDevices) throws {
        let removal = try devices.remove(named: parsed.argument("name") ?? "")
        switch removal {
        case .iPhone(let wallet):
            if json {
                try Self.printJSON(Removed(device: wallet.iPhone, wallet: WalletOutput(wallet), walletRemoved: true))
                return
            }
            let watch = wallet.watch.map { " and its Watch '\($0.name)'" } ?? ""
            Self.output(
                "tpc: removed iPhone '\(wallet.iPhone.name)'\(watch) with \(wallet.walletDirectory.path)")
        case .watch(let watch, let wallet):
            if json {
                try Self.printJSON(Removed(device: watch, wallet: WalletOutput(wallet), walletRemoved: false))
                return
            }
            Self.output("tpc: unpaired Watch '\(watch.name)' from '\(wallet.iPhone.name)'")
        }
    }

    // MARK: - Output

    /// The SDK set-up for `wallet`: the sandbox's issuer comes from its `sandbox.json`.
    private func setup(for wallet: SandboxDevices.Wallet) -> Setup {
        let summary = sandboxDirectory.appendingPathComponent("sandbox.json")
        let issuerId = (try? Data(contentsOf: summary))
            .flatMap { try? JSONDecoder().decode([String: String].self, from: $0) }?["issuerId"]
        return Setup(
            environment: [SimulatedWallet.directoryEnvironmentVariable: wallet.walletDirectory.path],
            configure: Setup.Configuration(url: wallet.sandboxURL.absoluteString, issuerId: issuerId),
            settings: Setup.Settings(
                activationDataDirectory: wallet.walletDirectory.appendingPathComponent("activation-data").path))
    }

    private static func kindName(_ device: SimulatedDevice) -> String {
        device.kind == .iPhone ? "iPhone" : "Watch"
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func hint(for error: DemoError) -> String {
        switch error.code {
        case .serviceUnreachable: "start `tpc serve --sandbox` and pass the URL it printed as --url"
        case .invalidInput: "`tpc sandbox device list` shows the devices"
        default: "check the sandbox directory and its permissions"
        }
    }

    private static func exitCode(for error: DemoError) -> ExitCode {
        switch error.code {
        case .serviceUnreachable: .unavailable
        case .invalidInput: .data
        case .unreadableFile: .config
        default: .failure
        }
    }

    private static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        output(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    private static func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    private static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

extension DeviceCommand.WalletOutput {
    init(_ wallet: SandboxDevices.Wallet) {
        self.init(
            iPhone: wallet.iPhone, watch: wallet.watch, walletDirectory: wallet.walletDirectory.path,
            sandboxURL: wallet.sandboxURL.absoluteString)
    }
}
