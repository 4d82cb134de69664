import Foundation
import ProvisioningPrimitives

/// Where the emulation's ``CGImage``s come from: what iOS code gets from
/// ImageIO (a decoded PNG) or a placeholder of a given size. The emulation
/// keeps an image's size only, which is all Wallet checks.
///
/// ```swift
/// let art = SimulatedCardArt.image(pngData: pngBytes) ?? SimulatedCardArt.standard()
/// ```
public enum SimulatedCardArt {
    /// Apple's card art size: 1536 × 969 pixels.
    public static let standardWidth = 1536
    /// Apple's card art size: 1536 × 969 pixels.
    public static let standardHeight = 969

    /// Card art of Apple's size with no pixels: what the emulation's
    /// `UIImage(systemName:)` carries, as seed samples use
    /// `UIImage(systemName: "creditcard")!.cgImage!` for art.
    public static func standard() -> CGImage {
        CGImage(width: standardWidth, height: standardHeight)
    }

    /// An image of the given size with no pixel data; `nil` for a size that
    /// is not positive.
    public static func placeholder(width: Int, height: Int) -> CGImage? {
        guard width > 0, height > 0 else { return nil }
        return CGImage(width: width, height: height)
    }

    /// The size of a PNG file, read from its header; `nil` when `pngData`
    /// does not start with the PNG signature and an `IHDR` chunk.
    public static func image(pngData: Data) -> CGImage? {
        let bytes = [UInt8](pngData.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == PNGChunk.signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        return placeholder(width: Int(PNGChunk.uint32(bytes, 16)), height: Int(PNGChunk.uint32(bytes, 20)))
    }
}
