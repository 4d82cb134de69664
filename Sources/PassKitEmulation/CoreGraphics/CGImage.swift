import Foundation

/// A stand-in for CoreGraphics' `CGImage` where CoreGraphics does not exist:
/// an image's size.
///
/// Wallet extensions hand card art to Wallet as a `CGImage`
/// (the `art` of a ``PKIssuerProvisioningExtensionPaymentPassEntry``). The emulation
/// needs only what Wallet checks — the size — so it does not decode pixels.
/// It has only Apple's API (`width`, `height`); images come from the
/// emulation's own ``SimulatedCardArt``, or from the UIKit stand-ins
/// (`UIImage(systemName:)?.cgImage`), as on iOS they come from ImageIO or
/// UIKit. Like Apple's, it is not `Sendable`.
///
/// ```swift
/// guard let art = SimulatedCardArt.image(pngData: try Data(contentsOf: artURL)) else { return }
/// print(art.width, art.height)   // 1536 969
/// ```
public final class CGImage: Hashable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public static func == (lhs: CGImage, rhs: CGImage) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
    }

    public var description: String { "CGImage(\(width) × \(height))" }
}
