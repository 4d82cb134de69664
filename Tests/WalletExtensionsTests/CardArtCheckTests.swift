import Foundation
import Testing
import WalletExtensions

@Suite("Card art check", .timeLimit(.minutes(10)))
struct CardArtCheckTests {
    @Test("an opaque 1536 × 969 PNG conforms")
    func conformingPNGPasses() {
        #expect(CardArtCheck.findings(for: PNGWriter.image()).isEmpty)
        #expect(CardArtCheck.findings(for: PNGWriter.image(alpha: true)).isEmpty)
    }

    @Test("wrong size, portrait and transparent corners are each found")
    func nonconformingPNGsAreFound() {
        let small = CardArtCheck.findings(for: PNGWriter.image(width: 300, height: 200)).map(\.code)
        #expect(small == [.wrongSize])
        let portrait = CardArtCheck.findings(for: PNGWriter.image(width: 969, height: 1536)).map(\.code)
        #expect(portrait == [.portrait, .wrongSize])
        let rounded = CardArtCheck.findings(for: PNGWriter.image(alpha: true, transparentCorners: true))
        #expect(rounded.map(\.code) == [.roundedCorners])
        #expect(rounded.first?.detail.contains("top-left, top-right, bottom-left, bottom-right") == true)
        let interlaced = CardArtCheck.findings(for: PNGWriter.image(alpha: true, interlaced: true)).map(\.code)
        #expect(interlaced == [.cornersUnverified])
    }

    @Test("art of 4 MB or more, and files neither PNG nor PDF, are refused")
    func sizeAndFormatAreFound() {
        var big = PNGWriter.image()
        big.append(Data(count: CardArtCheck.maximumBytes))
        #expect(CardArtCheck.findings(for: big).map(\.code).contains(.tooLarge))
        #expect(CardArtCheck.findings(for: Data("GIF89a".utf8)).map(\.code) == [.unsupportedFormat])
        var broken = PNGWriter.image()
        broken.removeSubrange(40..<broken.count)
        #expect(CardArtCheck.findings(for: broken).map(\.code) == [.unreadable])
    }

    @Test("a PDF is judged by its page: landscape with Apple's proportions")
    func pdfPageIsChecked() {
        func pdf(_ box: String) -> Data { Data("%PDF-1.4\n1 0 obj << /Type /Page /MediaBox [\(box)] >> endobj\n".utf8) }
        #expect(CardArtCheck.findings(for: pdf("0 0 1536 969")).isEmpty)
        #expect(CardArtCheck.findings(for: pdf("0 0 768 484.5")).isEmpty)
        #expect(CardArtCheck.findings(for: pdf("0 0 969 1536")).map(\.code) == [.portrait, .wrongSize])
        #expect(CardArtCheck.findings(for: Data("%PDF-1.4\n".utf8)).map(\.code) == [.unreadable])
    }
}
