import Synchronization

/// Collects one Wallet visit's diagnostics and copies each into the wallet's
/// own list, where a completion that arrives after the visit still lands.
final class DiagnosticLog: Sendable {
    private let wallet: SimulatedWallet
    private let entries = Mutex<[SimulatedWallet.Diagnostic]>([])

    init(wallet: SimulatedWallet) {
        self.wallet = wallet
    }

    func record(_ code: SimulatedWallet.Diagnostic.Code, _ detail: String) {
        let diagnostic = SimulatedWallet.Diagnostic(code, detail)
        entries.withLock { $0.append(diagnostic) }
        wallet.record(diagnostic)
    }

    var all: [SimulatedWallet.Diagnostic] { entries.withLock { $0 } }
}
