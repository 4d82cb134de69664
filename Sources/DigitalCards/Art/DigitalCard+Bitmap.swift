import Foundation

#if canImport(UIKit)
import UIKit
#endif
#if canImport(ImageIO)
import ImageIO
#endif

extension DigitalCard {
    /// One card-art image: the PNG bytes the service served, checked, with
    /// their pixel size.
    ///
    /// A plain value that works on every platform; on Apple platforms
    /// `cgImage` (and `uiImage` with UIKit) decode it for display.
    ///
    /// ```swift
    /// let bitmap = try await card.cardArt.bitmap(forArtType: .cardBackgroundCombined)
    /// imageView.image = bitmap.uiImage
    /// ```
    public struct Bitmap: Hashable, Sendable {
        /// The encoded image (PNG).
        public let data: Data
        /// The image's media type, `image/png`.
        public let mediaType: String
        /// The width in pixels.
        public let width: Int
        /// The height in pixels.
        public let height: Int

        /// Checks `data` as a complete PNG image.
        /// - Throws: ``DigitalCardError/Code/invalidFormat`` when it is not one.
        public init(pngData data: Data) throws(DigitalCardError) {
            let header = try PNGHeader(parsing: data)
            self.data = data
            self.mediaType = "image/png"
            self.width = header.width
            self.height = header.height
        }

        #if canImport(ImageIO)
        /// The decoded image, or `nil` if ImageIO cannot decode it.
        public var cgImage: CGImage? {
            guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
            return CGImageSourceCreateImageAtIndex(source, 0, nil)
        }
        #endif

        #if canImport(UIKit)
        /// The image for UIKit, or `nil` if it cannot be decoded.
        public var uiImage: UIImage? { UIImage(data: data) }
        #endif
    }
}
