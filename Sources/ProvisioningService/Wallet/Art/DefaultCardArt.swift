import ProvisioningAPI
import ProvisioningCrypto

/// Generated placeholder art, so a sandbox deployment shows every art type of
/// every product without an upload: a two-colour diagonal pattern whose
/// colours derive from the product id and the art type.
package enum DefaultCardArt {
    /// The PNG of `type` for `productId`, of the size ``CardArtSpecification`` requires.
    ///
    /// - Throws: ``ServiceError`` (not expected: the parameters are fixed).
    package static func png(productId: String, type: CardArtType) throws -> [UInt8] {
        let seed = try SHA256.hash(data: Array("\(productId)/\(type.rawValue)".utf8))
        let background = (seed[0] / 2 + 32, seed[1] / 2 + 32, seed[2] / 2 + 32)
        let accent = (255 - seed[3] / 4, 255 - seed[4] / 4, 255 - seed[5] / 4)
        let (width, height) = CardArtSpecification.size(of: type)
        var pixels = [UInt8](repeating: 0, count: width * height)
        let stripe = max(4, height / 6)
        for y in 0..<height {
            for x in 0..<width where ((x + y) / stripe) % 4 == 0 {
                pixels[y * width + x] = 1
            }
        }
        return try PNGEncoder.indexed(width: width, height: height, palette: [background, accent], pixels: pixels)
    }
}
