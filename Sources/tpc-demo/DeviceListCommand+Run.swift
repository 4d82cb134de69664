import TPCCommandLine
import TPCDemo

/// `tpc sandbox device list` runs here, where the emulation is linked.
extension DeviceListCommand: Command {
    /// Prints one line per device (tab-separated), or JSON.
    package func run() async throws -> ExitCode {
        let devices = SandboxDevices(sandboxDirectory: sandboxDirectory)
        let wallets = devices.list()
        if printsJSON {
            try JSONOutput.print(DeviceReport.Listing(devices: wallets.map(DeviceReport.Wallet.init)))
            return .success
        }
        if wallets.isEmpty {
            StandardStreams.output("tpc: no simulated devices in \(devices.directory.path)")
            return .success
        }
        for wallet in wallets {
            StandardStreams.output(
                "\(wallet.iPhone.name)\tiPhone\t\(wallet.iPhone.id)\t\(wallet.walletDirectory.path)\t"
                    + wallet.sandboxURL.absoluteString)
            if let watch = wallet.watch {
                StandardStreams.output("\(watch.name)\tWatch\t\(watch.id)\tpaired with \(wallet.iPhone.name)")
            }
        }
        return .success
    }
}
