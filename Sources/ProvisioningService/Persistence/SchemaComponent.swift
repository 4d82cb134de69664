import ProvisioningStorage

/// The parts of a deployment that own database tables, and the block of
/// migration versions each owns: the one place the numbering is agreed.
///
/// A deployment runs one migration list (`schema_migrations` records them
/// all), assembled from the components it includes: `tpc serve` takes the
/// service and the wallet, `tpc serve --sandbox` the sandbox's two as well. A
/// migration of a component takes the next free version in its block and a name
/// that starts with the component's ``label``; `MigrationRegistryTests` checks
/// every list against this table.
///
/// ```swift
/// let next = (ServiceMigrations.all.map(\.version).max() ?? 0) + 1
/// assert(SchemaComponent.service.versions.contains(next))
/// ```
package enum SchemaComponent: String, CaseIterable, Sendable {
    /// Provisioning, replay guards, tokens, audit (``ServiceMigrations``).
    case service
    /// The sandbox's certificate authority, devices, vault, outbox (SandboxNetwork).
    case sandbox
    /// The issuer wallet's service tables (``WalletMigrations``).
    case wallet
    /// The sandbox network's issuer-wallet tables (SandboxNetwork).
    case sandboxWallet

    /// The versions this component's migrations use.
    package var versions: Range<Int> {
        switch self {
        case .service: 1..<100
        case .sandbox: 100..<200
        case .wallet: 200..<250
        case .sandboxWallet: 250..<300
        }
    }

    /// How every migration name of the component begins (`"service: …"`).
    package var label: String {
        switch self {
        case .service: "service:"
        case .sandbox: "sandbox"
        case .wallet: "wallet:"
        case .sandboxWallet: "sandbox wallet:"
        }
    }

    /// The migrations of `list` that break this component's rules: a version
    /// outside ``versions``, or a name that does not start with ``label``.
    package func misplaced(_ list: [Migration]) -> [Migration] {
        list.filter { !versions.contains($0.version) || !$0.name.hasPrefix(label) }
    }
}
