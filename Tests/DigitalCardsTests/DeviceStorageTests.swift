import Foundation
import TestSupport
import Testing

@testable import DigitalCards

/// The device-side storage: owner-only files replaced atomically, and the
/// PNG checks applied to card art.
@Suite("Device storage", .timeLimit(.minutes(10)))
struct DeviceStorageTests {
    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("dc-storage-\(UUID().uuidString)")
    }

    private func permissions(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test func secretsAreOwnerOnlyFilesReplacedWithoutLeftovers() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileSecretStore(directory: directory)
        try store.write("wallet.json", Data("first".utf8))
        try store.write("wallet.json", Data("second".utf8))
        #expect(try store.read("wallet.json") == Data("second".utf8))
        #expect(try permissions(directory.appendingPathComponent("wallet.json")) == 0o600)
        #expect(try permissions(directory) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["wallet.json"])
        try store.delete("wallet.json")
        try store.delete("wallet.json")
        #expect(try store.read("wallet.json") == nil)
    }

    @Test func itemNamesThatLeaveTheDirectoryAreRefused() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileSecretStore(directory: directory)
        for name in ["../escape", ".hidden", "a/b", ""] {
            let error = #expect(throws: DigitalCardError.self) { try store.write(name, Data()) }
            #expect(error?.code == .storageFailure)
        }
    }

    @Test func emptyAndMultiChunkItemsReadBackWhole() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileSecretStore(directory: directory)
        try store.write("empty", Data())
        #expect(try store.read("empty") == Data())
        // Larger than one read of the file store, and not a multiple of it.
        let large = Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try store.write("large", large)
        #expect(try store.read("large") == large)
    }

    @Test func pngArtGivesItsSizeAndDamagedArtIsRefused() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/DigitalCards/red-3x2", withExtension: "png"))
        let png = try Data(contentsOf: url)
        let bitmap = try DigitalCard.Bitmap(pngData: png)
        #expect(bitmap.width == 3 && bitmap.height == 2 && bitmap.mediaType == "image/png")

        let truncated = #expect(throws: DigitalCardError.self) { try DigitalCard.Bitmap(pngData: png.dropLast(4)) }
        #expect(truncated?.code == .invalidFormat)
        var corrupt = png
        corrupt[18] ^= 0xFF  // inside IHDR: the CRC no longer matches
        #expect(throws: DigitalCardError.self) { try DigitalCard.Bitmap(pngData: corrupt) }
        #expect(throws: DigitalCardError.self) { try DigitalCard.Bitmap(pngData: Data("GIF89a".utf8)) }
    }

    @Test func managerBeforeConfigurationThrowsNotConfigured() async throws {
        // The shared configuration is process-wide: hold the lock the seed tests take.
        try await GlobalTestLock.run {
            DigitalCardManager.reset()
            let manager = DigitalCardManager()
            let error = await #expect(throws: DigitalCardError.self) { _ = try await manager.cardList }
            #expect(error?.code == .notConfigured)
            #expect(await manager.digitalCard(forID: "anything") == nil)
        }
    }
}
