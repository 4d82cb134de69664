import ProvisioningAPI
import ProvisioningStorage

extension ProvisioningServiceApp {
    /// Stores generated art (``DefaultCardArt``) for every art type of each
    /// product of every issuer, where none was uploaded yet — the sandbox's
    /// start-up seed, so every card shows art. Uploaded art is never replaced.
    ///
    /// - Throws: a ``ProvisioningStorage/StorageError`` when the database refuses the rows.
    package func installDefaultCardArt(
        productIds: [String] = [CardArtSpecification.defaultProductId]
    ) async throws {
        let now = context.clock()
        let database = context.database
        for issuerId in context.issuers.keys.sorted() {
            for productId in productIds {
                // A restart finds every image in place: generating them is
                // most of a sandbox's start-up time, so only missing ones are made.
                let stored = try await CardArtStore.storedTypes(
                    issuerId: issuerId, productId: productId, on: database)
                for type in CardArtType.allCases where !stored.contains(type) {
                    let png = try DefaultCardArt.png(productId: productId, type: type)
                    _ = try await CardArtStore.put(
                        png, issuerId: issuerId, productId: productId, type: type, at: now, replacing: false,
                        on: database)
                }
            }
        }
    }
}
