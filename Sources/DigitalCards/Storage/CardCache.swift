import Foundation
import ProvisioningAPI

/// The card list as last received from the service, with when it was
/// received: what the wallet shows when it is offline.
struct CardCacheSnapshot: Codable, Sendable {
    var walletId: String
    var fetchedAt: Date
    var cards: [DigitalCardResource]
}

/// The on-disk cache of the card list and card art: 0600 files, replaced
/// atomically, under `storageDirectory/cache`.
///
/// Nothing here is secret in the cryptographic sense (suffixes, states,
/// images), but it is the user's data, so it gets the same file protection
/// as the keys.
struct CardCache: Sendable {
    private let files: ProtectedFiles
    private static let listName = "cards.json"

    init(directory: URL) throws(DigitalCardError) {
        files = try ProtectedFiles(directory: directory)
    }

    func loadList() -> CardCacheSnapshot? {
        guard let data = try? files.read(Self.listName) else { return nil }
        return try? JSONDecoder.provisioningAPI.decode(CardCacheSnapshot.self, from: data)
    }

    func storeList(_ snapshot: CardCacheSnapshot) throws(DigitalCardError) {
        let data: Data
        do {
            data = try JSONEncoder.provisioningAPI.encode(snapshot)
        } catch {
            throw DigitalCardError(.storageFailure, "the card list cannot be encoded")
        }
        try files.write(Self.listName, data)
    }

    /// A cached image and its entity tag.
    struct ArtEntry: Sendable {
        var data: Data
        var entityTag: String?
    }

    private static func artName(cardId: String, type: CardArtType) -> String {
        // Card ids are the service's; hex-encode them so any id makes a valid name.
        let hex = Data(cardId.utf8).map { String(format: "%02x", $0) }.joined()
        return "art-\(hex)-\(type.rawValue)"
    }

    func loadArt(cardId: String, type: CardArtType) -> ArtEntry? {
        let name = Self.artName(cardId: cardId, type: type)
        guard let data = try? files.read(name + ".png") else { return nil }
        let tag = (try? files.read(name + ".etag")).flatMap { String(data: $0, encoding: .utf8) }
        return ArtEntry(data: data, entityTag: tag)
    }

    func storeArt(_ entry: ArtEntry, cardId: String, type: CardArtType) throws(DigitalCardError) {
        let name = Self.artName(cardId: cardId, type: type)
        // The tag goes last: a crash in between leaves an image without a tag,
        // which is simply fetched again.
        try files.delete(name + ".etag")
        try files.write(name + ".png", entry.data)
        if let tag = entry.entityTag { try files.write(name + ".etag", Data(tag.utf8)) }
    }

    func removeArt(cardId: String) {
        let hex = Data(cardId.utf8).map { String(format: "%02x", $0) }.joined()
        files.deleteAll(prefix: "art-\(hex)-")
    }

    func removeAll() {
        files.deleteAll(prefix: "art-")
        try? files.delete(Self.listName)
    }
}
