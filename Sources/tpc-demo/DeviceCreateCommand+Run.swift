import PassKitEmulation
import TPCCommandLine
import TPCDemo

/// `tpc sandbox device create` runs here, where the emulation is linked.
extension DeviceCreateCommand: Command {
    /// Registers the device and prints where it lives and how the SDK finds it.
    package func run() async throws -> ExitCode {
        let devices = SandboxDevices(sandboxDirectory: sandboxDirectory)
        let wallet: SandboxDevices.Wallet
        let device: SimulatedDevice
        switch self.device {
        case .watch(let iPhone, let url):
            if let url, let paired = devices.list().first(where: { $0.iPhone.name == iPhone }),
                paired.sandboxURL.absoluteString != url.absoluteString
            {
                throw CommandLineError(
                    .invalidValue, "'\(iPhone)' is registered at \(paired.sandboxURL.absoluteString), not --url",
                    commandPath: commandPath, suggestion: "a Watch joins its iPhone's sandbox")
            }
            wallet = try await devices.createWatch(named: deviceName, pairedWith: iPhone)
            guard let watch = wallet.watch else {
                throw DemoError(.verificationFailed, "the Watch was not paired")
            }
            device = watch
        case .iPhone(let url):
            wallet = try await devices.createIPhone(named: deviceName, sandboxURL: url)
            device = wallet.iPhone
        }
        let setup = DeviceReport.Setup(wallet: wallet, sandboxDirectory: sandboxDirectory)
        if printsJSON {
            try JSONOutput.print(
                DeviceReport.Created(device: device, wallet: DeviceReport.Wallet(wallet), setup: setup))
            return .success
        }
        let pairing = device.kind == .watch ? ", paired with '\(wallet.iPhone.name)'" : ""
        StandardStreams.output(
            """
            tpc: registered \(DeviceReport.kindName(device)) '\(device.name)' (device \(device.id))\(pairing) \
            at \(wallet.sandboxURL.absoluteString)
            tpc: wallet directory \(wallet.walletDirectory.path)
            For the SDK on Linux (PassKitEmulation finds the devices through the environment):
              export \(SimulatedWallet.directoryEnvironmentVariable)=\(DeviceReport.shellQuoted(wallet.walletDirectory.path))
              try TPCSDK.configure(url: "\(setup.configure.url)", issuerId: "\(setup.configure.issuerId ?? "<issuer id>")")
              TPCSDK.settings.activationDataDirectory = URL(fileURLWithPath: "\(setup.settings.activationDataDirectory)")
            """)
        return .success
    }
}
