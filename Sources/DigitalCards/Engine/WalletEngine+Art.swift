import Foundation
import ProvisioningAPI

extension WalletEngine {
    /// One card-art image: revalidated with the service by entity tag, from
    /// the cache when unchanged (304) or when the service cannot be reached.
    func art(cardId: String, type: CardArtType) async throws(DigitalCardError) -> DigitalCard.Bitmap {
        let wallet = try walletCredentials()
        let cached = cache.loadArt(cardId: cardId, type: type)
        var headers: [String: String] = [:]
        if let tag = cached?.entityTag { headers[APIHeaders.ifNoneMatch] = tag }
        let response: WalletHTTPClient.Response
        do {
            response = try await exchange(
                APIPaths.walletCardArt(
                    issuerId: configuration.issuerId, walletId: wallet.walletId, cardId: cardId, artType: type),
                data: nil, authorized: true, headers: headers, accept: APIHeaders.pngMediaType)
        } catch  where error.isOffline {
            guard let cached else { throw error }
            return try DigitalCard.Bitmap(pngData: cached.data)
        }
        switch response.status {
        case 304:
            guard let cached else {
                throw DigitalCardError(
                    .invalidFormat, "the service answered 304 to an unconditional request",
                    requestId: response.requestId)
            }
            return try DigitalCard.Bitmap(pngData: cached.data)
        case 200..<300:
            let bitmap = try DigitalCard.Bitmap(pngData: response.body)
            try cache.storeArt(
                CardCache.ArtEntry(data: response.body, entityTag: response.header(APIHeaders.eTag)), cardId: cardId,
                type: type)
            return bitmap
        default:
            throw WalletHTTPClient.error(for: response)
        }
    }
}
