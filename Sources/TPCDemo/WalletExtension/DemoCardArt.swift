import Foundation
import WalletExtensions

/// The demo bank's card art for Wallet: a one-page vector PDF in Apple's
/// 1536 × 969 proportions (the format Apple recommends; a PNG must be exactly
/// that size and opaque). Made in code so the demo ships no binary files.
enum DemoCardArt {
    /// The PDF: a coloured card face, the bank's name and the product title.
    static func pdf(productTitle: String) -> Data {
        let width = CardArtCheck.requiredWidth
        let height = CardArtCheck.requiredHeight
        // PDF strings escape backslashes and parentheses.
        let title = productTitle.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
        let content = """
            0.07 0.29 0.55 rg 0 0 \(width) \(height) re f
            1 1 1 rg BT /F1 96 Tf 96 780 Td (Demo Bank) Tj ET
            BT /F1 64 Tf 96 120 Td (\(title)) Tj ET
            """
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R "
                + "/Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            pdf += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n"
        }
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(pdf.utf8)
    }
}
