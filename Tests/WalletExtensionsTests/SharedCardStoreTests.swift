import Foundation
import PushProvisioning
import Testing
import WalletExtensions

@Suite("Shared card store", .timeLimit(.minutes(10)))
struct SharedCardStoreTests {
    private func makeStore() throws -> (SharedCardStore, URL) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("store-\(UUID().uuidString)", isDirectory: true)
        return (SharedCardStore(backend: try FileCardStoreBackend(directory: directory)), directory)
    }

    private let card = StoredCard(
        id: "card-1", lastFour: "4242", cardholderName: "Ada Lovelace", scheme: .Visa, productTitle: "Everyday")

    @Test("records are owner-only files replaced without leftovers")
    func filesAreOwnerOnlyAndAtomic() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        try store.save(card, art: PNGWriter.image())
        try store.save(card, art: PNGWriter.image())
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["art.card-1", "cards.json", "status.json"])
        for name in names {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(name).path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(name)")
        }
        #expect(try store.cards() == [try #require(try store.card(id: "card-1"))])
    }

    @Test("the status snapshot follows digitization and the Watch pairing")
    func snapshotFollowsDigitization() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try store.statusSnapshot() == .empty)
        try store.save(card, art: PNGWriter.image())
        var snapshot = try store.statusSnapshot()
        #expect(snapshot.passEntriesAvailable && snapshot.remotePassEntriesAvailable)
        try store.setDigitization(DeviceDigitization(iPhone: .digitized), forCardId: "card-1")
        snapshot = try store.statusSnapshot()
        #expect(!snapshot.passEntriesAvailable && snapshot.remotePassEntriesAvailable)
        try store.setWatchPaired(false)
        #expect(try !store.statusSnapshot().remotePassEntriesAvailable)
        #expect(throws: WalletExtensionsError.self) {
            try store.setDigitization(DeviceDigitization(), forCardId: "missing")
        }
    }

    @Test("a sign-in lasts five minutes by default")
    func signInExpires() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let now = Date()
        try store.recordSignIn(at: now)
        let snapshot = try store.statusSnapshot()
        #expect(!snapshot.requiresAuthentication(at: now.addingTimeInterval(299)))
        #expect(snapshot.requiresAuthentication(at: now.addingTimeInterval(300)))
        try store.clearSignIn()
        #expect(try store.statusSnapshot().requiresAuthentication(at: now))
    }

    @Test("art that misses Apple's requirements is refused and nothing is saved")
    func badArtIsRefused() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try store.save(card, art: PNGWriter.image(alpha: true, transparentCorners: true))
            Issue.record("rounded art was accepted")
        } catch {
            #expect(error.code == .cardArtRejected && error.findings.map(\.code) == [.roundedCorners])
        }
        #expect(try store.cards().isEmpty && store.art(forCardId: "card-1") == nil)
        var bad = card
        bad.lastFour = "42"
        #expect(throws: WalletExtensionsError.self) { try store.save(bad, art: PNGWriter.image()) }
    }
}
