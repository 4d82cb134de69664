import Foundation
import TPCDemo
import TestSupport
import Testing

/// `tpc sandbox device`'s store: wallets in the sandbox directory's `devices/`.
@Suite(.timeLimit(.minutes(5))) struct SandboxDevicesTests {
    @Test func iPhonesGetAWalletEachAndWatchesJoinTheirIPhone() async throws {
        let sandboxDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sandbox-devices-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: sandboxDirectory) }
        try await SandboxServer.with { server in
            let devices = SandboxDevices(sandboxDirectory: sandboxDirectory)
            let first = try await devices.createIPhone(named: "Ada's iPhone", sandboxURL: server.baseURL)
            // Another name with the same letters gets a directory of its own.
            let second = try await devices.createIPhone(named: "Ada s iPhone", sandboxURL: server.baseURL)
            #expect(first.walletDirectory.lastPathComponent == "ada-s-iphone")
            #expect(second.walletDirectory.lastPathComponent == "ada-s-iphone-2")
            #expect(first.iPhone.id != second.iPhone.id)

            let paired = try await devices.createWatch(named: "Ada's Watch", pairedWith: "Ada's iPhone")
            #expect(paired.walletDirectory == first.walletDirectory)
            #expect(paired.watch?.name == "Ada's Watch")
            #expect(devices.list().map(\.iPhone.name) == ["Ada s iPhone", "Ada's iPhone"])
            #expect(devices.list().last?.watch?.name == "Ada's Watch")

            await #expect(throws: DemoError.self) {
                try await devices.createWatch(named: "Ada's Watch", pairedWith: "Ada s iPhone")
            }
            await #expect(throws: DemoError.self) {
                try await devices.createWatch(named: "Another Watch", pairedWith: "Nobody's iPhone")
            }

            let watch = try #require(paired.watch)
            guard case .watch(let unpaired, let wallet) = try devices.remove(named: "Ada's Watch") else {
                Issue.record("a Watch was not removed as one")
                return
            }
            #expect(unpaired == watch && wallet.iPhone == first.iPhone && wallet.watch == nil)
            #expect(devices.list().last?.watch == nil)
            guard case .iPhone(let removed) = try devices.remove(named: "Ada s iPhone") else {
                Issue.record("an iPhone was not removed as one")
                return
            }
            #expect(!FileManager.default.fileExists(atPath: removed.walletDirectory.path))
            #expect(throws: DemoError.self) { try devices.remove(named: "Ada s iPhone") }
        }
    }
}
