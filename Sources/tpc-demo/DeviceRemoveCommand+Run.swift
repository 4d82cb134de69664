import TPCCommandLine
import TPCDemo

/// `tpc sandbox device remove` runs here, where the emulation is linked.
extension DeviceRemoveCommand: Command {
    /// Removes an iPhone with its wallet (and Watch), or unpairs a Watch.
    package func run() async throws -> ExitCode {
        switch try SandboxDevices(sandboxDirectory: sandboxDirectory).remove(named: deviceName) {
        case .iPhone(let wallet):
            if printsJSON {
                try JSONOutput.print(
                    DeviceReport.Removed(
                        device: wallet.iPhone, wallet: DeviceReport.Wallet(wallet), walletRemoved: true))
                return .success
            }
            let watch = wallet.watch.map { " and its Watch '\($0.name)'" } ?? ""
            StandardStreams.output(
                "tpc: removed iPhone '\(wallet.iPhone.name)'\(watch) with \(wallet.walletDirectory.path)")
        case .watch(let watch, let wallet):
            if printsJSON {
                try JSONOutput.print(
                    DeviceReport.Removed(device: watch, wallet: DeviceReport.Wallet(wallet), walletRemoved: false))
                return .success
            }
            StandardStreams.output("tpc: unpaired Watch '\(watch.name)' from '\(wallet.iPhone.name)'")
        }
        return .success
    }
}
