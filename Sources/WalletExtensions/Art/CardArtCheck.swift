import Foundation
import ProvisioningPrimitives

/// Checks card art against Apple's requirements for Wallet extensions (seed
/// 000's FAQ): a vector PDF (preferred) or a PNG, 1536 × 969, under 4 MB,
/// landscape, with square corners.
///
/// For a PNG, square corners means the four corner pixels are opaque (rounded
/// art leaves them transparent). A PDF has no pixel size; its page (MediaBox)
/// must be landscape with the 1536 : 969 ratio. What the check cannot see
/// (no card number, embossing, hologram or chip) stays the issuer's to
/// review.
///
/// ```swift
/// let findings = CardArtCheck.findings(for: try Data(contentsOf: artURL))
/// for finding in findings { print(finding) }   // empty: the art conforms
/// ```
///
/// ``SharedCardStore/save(_:art:)`` runs it and refuses art with findings.
public enum CardArtCheck {
    /// Apple's card art width, in pixels.
    public static let requiredWidth = 1536
    /// Apple's card art height, in pixels.
    public static let requiredHeight = 969
    /// The size the art must stay under: 4 MB.
    public static let maximumBytes = 4 * 1024 * 1024

    /// The file format of card art.
    public enum Format: String, Hashable, Sendable, Codable {
        /// PNG raster art.
        case png
        /// Vector PDF art.
        case pdf
    }

    /// The art's format by its first bytes, or `nil` for neither PNG nor PDF.
    public static func format(of data: Data) -> Format? {
        if data.starts(with: PNGChunk.signature) { return .png }
        if data.starts(with: Array("%PDF-".utf8)) { return .pdf }
        return nil
    }

    /// Everything the art misses; empty when it conforms.
    public static func findings(for data: Data) -> [CardArtFinding] {
        var findings: [CardArtFinding] = []
        if data.count >= maximumBytes {
            findings.append(
                .init(.tooLarge, "the art is \(data.count) bytes; Apple requires under \(maximumBytes) (4 MB)"))
        }
        switch format(of: data) {
        case .png: findings += pngFindings([UInt8](data))
        case .pdf: findings += pdfFindings(data)
        case nil:
            findings.append(.init(.unsupportedFormat, "the art is neither PNG nor PDF; use a vector PDF or a PNG"))
        }
        return findings
    }

    /// The art's size in pixels (PNG) or points (PDF page), if readable.
    public static func size(of data: Data) -> (width: Int, height: Int)? {
        switch format(of: data) {
        case .png: (try? PNGImage([UInt8](data.prefix(64 * 1024)), headerOnly: true)).map { ($0.width, $0.height) }
        case .pdf: mediaBox(of: data).map { (Int($0.width.rounded()), Int($0.height.rounded())) }
        case nil: nil
        }
    }

    private static func pngFindings(_ bytes: [UInt8]) -> [CardArtFinding] {
        let image: PNGImage
        do {
            image = try PNGImage(bytes)
        } catch {
            return [.init(.unreadable, "the PNG cannot be read: \(error.detail)")]
        }
        var findings = orientationFindings(width: Double(image.width), height: Double(image.height))
        if image.width != requiredWidth || image.height != requiredHeight {
            findings.append(
                .init(
                    .wrongSize,
                    "the PNG is \(image.width) × \(image.height); Apple requires \(requiredWidth) × \(requiredHeight)"))
        }
        guard image.mayHaveTransparency else { return findings }
        do {
            guard let alphas = try image.cornerAlphas() else {
                findings.append(
                    .init(
                        .cornersUnverified,
                        "the PNG has transparency in a layout the check cannot decode (interlaced or under 8 bits); "
                            + "export it without alpha"))
                return findings
            }
            let names = ["top-left", "top-right", "bottom-left", "bottom-right"]
            let transparent = zip(names, alphas).filter { $0.1 < 255 }.map(\.0)
            if !transparent.isEmpty {
                findings.append(
                    .init(
                        .roundedCorners,
                        "the \(transparent.joined(separator: ", ")) corner pixel\(transparent.count == 1 ? " is" : "s are") "
                            + "transparent; Apple requires square, opaque corners"))
            }
        } catch {
            findings.append(.init(.unreadable, "the PNG cannot be decoded: \(error.detail)"))
        }
        return findings
    }

    private static func pdfFindings(_ data: Data) -> [CardArtFinding] {
        guard let box = mediaBox(of: data) else {
            return [.init(.unreadable, "the PDF has no readable /MediaBox")]
        }
        var findings = orientationFindings(width: box.width, height: box.height)
        let ratio = box.width / box.height
        let required = Double(requiredWidth) / Double(requiredHeight)
        if abs(ratio - required) / required > 0.01 {
            findings.append(
                .init(
                    .wrongSize,
                    "the PDF page is \(Int(box.width)) × \(Int(box.height)) pt; Apple requires the "
                        + "\(requiredWidth) × \(requiredHeight) proportions"))
        }
        return findings
    }

    private static func orientationFindings(width: Double, height: Double) -> [CardArtFinding] {
        height > width
            ? [.init(.portrait, "the art is portrait; turn it to landscape as Apple requires")] : []
    }

    /// The first page's `/MediaBox [x0 y0 x1 y1]`.
    private static func mediaBox(of data: Data) -> (width: Double, height: Double)? {
        let text = String(decoding: data.prefix(1024 * 1024), as: UTF8.self)
        guard let start = text.range(of: "/MediaBox") else { return nil }
        let rest = text[start.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\r" }
        guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
        let numbers = rest[rest.index(after: rest.startIndex)..<close].split(whereSeparator: \.isWhitespace)
            .compactMap { Double($0) }
        guard numbers.count == 4 else { return nil }
        let width = abs(numbers[2] - numbers[0])
        let height = abs(numbers[3] - numbers[1])
        guard width > 0, height > 0 else { return nil }
        return (width, height)
    }
}
