import Foundation

#if canImport(CoreGraphics)
import CoreGraphics
import ImageIO
#endif

#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

// Apple has the issuer provisioning extensions on iOS, iPadOS, Mac Catalyst
// and visionOS only (Package.swift, clientPlatformFeatures).
#if ADD_PAYMENT_PASS_AVAILABLE
/// Turns stored card art (PNG or PDF) into the `CGImage` a Wallet entry
/// carries.
enum CardArtImage {
    static func image(from data: Data, format: CardArtCheck.Format?) -> CGImage? {
        #if canImport(CoreGraphics)
        switch format ?? CardArtCheck.format(of: data) {
        case .png?:
            guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
            return CGImageSourceCreateImageAtIndex(source, 0, nil)
        case .pdf?:
            return renderPDF(data)
        case nil:
            return nil
        }
        #else
        switch format ?? CardArtCheck.format(of: data) {
        case .png?:
            return SimulatedCardArt.image(pngData: data)
        case .pdf?:
            // The emulation's CGImage carries a size only: Wallet shows PDF art
            // rendered at Apple's card size.
            return SimulatedCardArt.placeholder(width: CardArtCheck.requiredWidth, height: CardArtCheck.requiredHeight)
        case nil:
            return nil
        }
        #endif
    }

    #if canImport(CoreGraphics)
    /// Renders the PDF's first page at 1536 × 969 pixels.
    private static func renderPDF(_ data: Data) -> CGImage? {
        guard let provider = CGDataProvider(data: data as CFData), let document = CGPDFDocument(provider),
            let page = document.page(at: 1)
        else { return nil }
        let width = CardArtCheck.requiredWidth
        let height = CardArtCheck.requiredHeight
        guard
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)
        else { return nil }
        let box = page.getBoxRect(.mediaBox)
        context.scaleBy(x: CGFloat(width) / box.width, y: CGFloat(height) / box.height)
        context.translateBy(x: -box.minX, y: -box.minY)
        context.drawPDFPage(page)
        return context.makeImage()
    }
    #endif
}
#endif
