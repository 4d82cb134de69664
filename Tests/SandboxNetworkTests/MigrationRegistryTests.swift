import ProvisioningService
import ProvisioningStorage
import Testing

@testable import SandboxNetwork

/// Every migration list of a deployment keeps to the block of versions and the
/// name prefix ``SchemaComponent`` gives its component, and the lists together
/// never reuse a version.
@Suite(.timeLimit(.minutes(3))) struct MigrationRegistryTests {
    static let lists: [(SchemaComponent, [Migration])] = [
        (.service, ServiceMigrations.all), (.wallet, WalletMigrations.all), (.sandbox, SandboxMigrations.all),
        (.sandboxWallet, SandboxWalletMigrations.all),
    ]

    @Test func everyComponentHasAList() {
        #expect(Set(Self.lists.map(\.0)) == Set(SchemaComponent.allCases))
    }

    @Test(arguments: lists.map(\.0))
    func migrationsStayInTheirComponentsBlock(component: SchemaComponent) throws {
        let list = try #require(Self.lists.first { $0.0 == component }?.1)
        #expect(!list.isEmpty)
        #expect(component.misplaced(list).map(\.version) == [], "\(component)")
        #expect(list.map(\.version) == list.map(\.version).sorted(), "\(component) is in version order")
    }

    @Test func blocksDoNotOverlapAndVersionsAreUnique() {
        let blocks = SchemaComponent.allCases.map(\.versions).sorted { $0.lowerBound < $1.lowerBound }
        for (earlier, later) in zip(blocks, blocks.dropFirst()) { #expect(earlier.upperBound <= later.lowerBound) }
        let versions = Self.lists.flatMap(\.1).map(\.version)
        #expect(Set(versions).count == versions.count)
    }

    @Test func aDeploymentRunsExactlyTheRegisteredLists() {
        let served = Set((ProvisioningServiceApp.migrations + Sandbox.migrations).map(\.version))
        #expect(served == Set(Self.lists.flatMap(\.1).map(\.version)))
    }

    @Test func aMisplacedMigrationIsNamed() {
        let stray = Migration(version: 150, name: "service: in the sandbox's block", sql: "SELECT 1")
        let unnamed = Migration(version: 4, name: "no prefix", sql: "SELECT 1")
        #expect(SchemaComponent.service.misplaced([stray, unnamed]).map(\.version) == [150, 4])
    }
}
