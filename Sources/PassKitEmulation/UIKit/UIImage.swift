import Foundation

/// A stand-in for UIKit's `UIImage` where UIKit does not exist: an image's
/// size, from PNG data or a system symbol, and its ``cgImage``.
///
/// A system symbol is a glyph, not card art: ``init(systemName:)`` gives an
/// image of a symbol's size (72 × 51 pixels, a 24 × 17-point glyph at 3×),
/// so Wallet's 1536 × 969 check flags it as entry art, as it would on a
/// device. Only the symbols listed in ``knownSystemNames`` exist here;
/// others are `nil`, as an unknown name is in UIKit.
///
/// ```swift
/// let art = UIImage(systemName: "creditcard")!.cgImage!
/// ```
open class UIImage: NSObject {
    /// The system symbols the stand-in has.
    public static let knownSystemNames: Set<String> = [
        "creditcard", "creditcard.fill", "creditcard.circle", "wallet.pass", "wallet.pass.fill", "applewatch",
        "iphone", "lock", "person.crop.circle",
    ]

    private let image: CGImage

    /// The system symbol `name`, or `nil` when the stand-in does not have it.
    public convenience init?(systemName name: String) {
        guard Self.knownSystemNames.contains(name), let glyph = SimulatedCardArt.placeholder(width: 72, height: 51)
        else { return nil }
        self.init(cgImage: glyph)
    }

    /// A PNG image; `nil` when `data` is not a PNG file (the stand-in reads
    /// no other format).
    public convenience init?(data: Data) {
        guard let image = SimulatedCardArt.image(pngData: data) else { return nil }
        self.init(cgImage: image)
    }

    /// Wraps `cgImage`.
    public init(cgImage: CGImage) {
        self.image = cgImage
        super.init()
    }

    /// The underlying image.
    open var cgImage: CGImage? { image }

    /// The size in pixels (scale 1).
    open var size: CGSize { CGSize(width: image.width, height: image.height) }
}
