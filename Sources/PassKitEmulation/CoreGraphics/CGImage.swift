import Foundation

/// A stand-in for CoreGraphics' `CGImage` where CoreGraphics does not exist:
/// an image's size and, when it came from a PNG file, its bytes.
///
/// Wallet extensions hand card art to Wallet as a `CGImage`
/// (``PKIssuerProvisioningExtensionPaymentPassEntry/art``). The emulation
/// needs only what Wallet checks — the size — so it reads a PNG's header and
/// keeps the file; it does not decode pixels.
///
/// ```swift
/// guard let art = CGImage(pngData: try Data(contentsOf: artURL)) else { return }
/// print(art.width, art.height)   // 1536 969
/// ```
public final class CGImage: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The PNG file the image was read from; `nil` for an image made from a size.
    public let pngData: Data?

    /// An image of the given size with no pixel data (a placeholder); `nil`
    /// for a size that is not positive.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
        self.pngData = nil
    }

    /// Reads a PNG file's size from its header; `nil` when `pngData` does not
    /// start with the PNG signature and an `IHDR` chunk.
    public init?(pngData: Data) {
        let bytes = [UInt8](pngData.prefix(24))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count == 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func word(_ offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let width = word(16)
        let height = word(20)
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
        self.pngData = pngData
    }

    /// Card art of Apple's size (1536 × 969) with no pixels: what the
    /// emulation offers where iOS code uses a system image, e.g.
    /// `UIImage(systemName: "creditcard")!.cgImage!` in seed samples.
    public static let sampleCardArt = CGImage(size: (1536, 969))

    private init(size: (Int, Int)) {
        self.width = size.0
        self.height = size.1
        self.pngData = nil
    }

    public static func == (lhs: CGImage, rhs: CGImage) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.pngData == rhs.pngData
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(pngData)
    }

    public var description: String { "CGImage(\(width) × \(height))" }
}
