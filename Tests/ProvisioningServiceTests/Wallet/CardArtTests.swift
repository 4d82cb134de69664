import Foundation
import ProvisioningAPI
import ProvisioningPrimitives
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct CardArtTests {
    @Test func checksumsMatchTheirCheckValues() {
        // The standard check values of CRC-32 ("123456789") and Adler-32 ("Wikipedia").
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func defaultArtOfEveryTypeValidatesAtItsSize() throws {
        for type in CardArtType.allCases {
            let png = try DefaultCardArt.png(productId: "default", type: type)
            let image = try CardArtSpecification.validate(png, as: type)
            let size = CardArtSpecification.size(of: type)
            #expect(image.width == size.width && image.height == size.height, "\(type)")
            #expect(png.count <= CardArtSpecification.maximumByteCount)
        }
    }

    @Test func storedBlocksInflateToTheScanlines() throws {
        // Re-read the zlib stream by hand: stored blocks, then Adler-32 of the data.
        let data = (0..<70_000).map { UInt8($0 % 251) }
        let stream = PNGEncoder.zlibStored(data)
        var offset = 2
        var inflated: [UInt8] = []
        var final = false
        while !final {
            final = stream[offset] & 1 == 1
            #expect(stream[offset] >> 1 == 0, "stored block")
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            #expect(length ^ complement == 0xFFFF)
            inflated += stream[(offset + 5)..<(offset + 5 + length)]
            offset += 5 + length
        }
        #expect(inflated == data)
        #expect(Array(stream[offset...]) == PNGEncoder.bigEndian(Adler32.checksum(data)))
    }

    @Test func wrongSizeIsRefused() throws {
        let png = try DefaultCardArt.png(productId: "default", type: .cardIcon)
        #expect(throws: ServiceError.artRefused("CARD_BACKGROUND must be 480x303 pixels", reason: .outOfRange)) {
            _ = try CardArtSpecification.validate(png, as: .cardBackground)
        }
    }

    @Test func corruptedChunkIsRefused() throws {
        var png = try DefaultCardArt.png(productId: "default", type: .cardIcon)
        png[40] ^= 0xFF
        #expect { _ = try CardArtSpecification.validate(png, as: .cardIcon) } throws: {
            ($0 as? ServiceError)?.fieldProblems.map(\.reason) == [.malformed]
        }
    }

    @Test func truncatedOrForeignFilesAreRefused() throws {
        let png = try DefaultCardArt.png(productId: "default", type: .cardIcon)
        for bad in [Array(png.dropLast(12)), Array("GIF89a".utf8) + Array(png.dropFirst(6)), [], Array(png.prefix(20))]
        {
            #expect { _ = try CardArtSpecification.validate(bad, as: .cardIcon) } throws: {
                ($0 as? ServiceError)?.fieldProblems.map(\.reason) == [.malformed]
            }
        }
    }

    @Test func oversizedFileIsRefusedBeforeParsing() {
        let big = PNGChunk.signature + [UInt8](repeating: 0, count: CardArtSpecification.maximumByteCount)
        #expect(throws: ServiceError(.bodyTooLarge, "the image is too large")) {
            _ = try CardArtSpecification.validate(big, as: .cardIcon)
        }
    }

    @Test func productsGetDistinctArt() throws {
        #expect(
            try DefaultCardArt.png(productId: "default", type: .cardBackground)
                != DefaultCardArt.png(productId: "PURE-DEBIT", type: .cardBackground))
    }

    @Test func etagListsAndWildcardsMatch() {
        let etag = "\"abc\""
        #expect(WalletRoutes.etagMatches("\"x\", \"abc\"", etag))
        #expect(WalletRoutes.etagMatches("*", etag))
        #expect(!WalletRoutes.etagMatches("\"abd\"", etag))
    }
}
