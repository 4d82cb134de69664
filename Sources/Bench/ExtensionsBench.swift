import Foundation
import PassKitEmulation
import ProvisioningPrimitives
import PushProvisioning
import WalletExtensions

/// `tpc-bench extensions`: the ready-made Wallet extension handler's `status`
/// latency (10,000 calls, 50 cards in a file-backed shared store; Apple's
/// limit is 100 ms, the target p99 ≤ 1 ms) and `passEntries` with 50 cards.
enum ExtensionsBench {
    static func run(_ arguments: [String]) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tpc-bench-extensions-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SharedCardStore(backend: try FileCardStoreBackend(directory: directory))
        let art = BenchPNG.opaqueCardArt()
        for index in 0..<50 {
            let card = StoredCard(
                id: "card-\(index)", lastFour: String(format: "%04d", index), cardholderName: "Card Holder",
                scheme: index.isMultiple(of: 2) ? .Visa : .Mastercard, productTitle: "Product \(index)")
            try store.save(card, art: art)
        }
        try store.recordSignIn()
        let handler = TPCIssuerProvisioningExtensionHandler(store: store) { _ in
            throw WalletExtensionsError(.unknownCard, "not used by the benchmark")
        }

        var unavailable = 0
        let statusSamples = measure(count: 10_000) {
            handler.status { status in if !status.passEntriesAvailable { unavailable += 1 } }
        }
        // A status that hides the cards would measure the wrong path.
        guard unavailable == 0 else {
            throw BenchError(.measurementFailed, "status reported no pass entries \(unavailable) times")
        }
        BenchFigure(name: "extensions.status.p50_us", value: percentile(statusSamples, 0.50), unit: "µs").emit()
        BenchFigure(
            name: "extensions.status.p99_us", value: percentile(statusSamples, 0.99), unit: "µs", target: "<= 1000"
        ).emit()

        var listed = 0
        let entrySamples = measure(count: 50) {
            handler.passEntries { listed = $0.count }
        }
        guard listed == 50 else {
            throw BenchError(.measurementFailed, "passEntries listed \(listed) cards, expected 50")
        }
        BenchFigure(
            name: "extensions.passEntries_50_cards.p50_ms", value: percentile(entrySamples, 0.50) / 1000, unit: "ms"
        )
        .emit()
        BenchFigure(
            name: "extensions.passEntries_50_cards.p99_ms", value: percentile(entrySamples, 0.99) / 1000, unit: "ms",
            target: "<= 20000"
        ).emit()
    }

    /// Microseconds per call.
    private static func measure(count: Int, _ body: () -> Void) -> [Double] {
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let start = clock.now
            body()
            let (seconds, attoseconds) = (clock.now - start).components
            samples.append(Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
        }
        return samples.sorted()
    }
}

/// A 1536 × 969 opaque grey PNG (stored deflate blocks), Apple-conforming art.
enum BenchPNG {
    static func opaqueCardArt(width: Int = 1536, height: Int = 969) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity((width + 1) * height)
        for _ in 0..<height {
            raw.append(0)
            raw += [UInt8](repeating: 0x60, count: width)
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(chunk("IHDR", Data(word(width) + word(height) + [8, 0, 0, 0, 0])))
        var zlib = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let length = min(65_535, raw.count - offset)
            zlib.append(offset + length == raw.count ? 1 : 0)
            zlib.append(contentsOf: [
                UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF),
            ])
            zlib.append(contentsOf: raw[offset..<offset + length])
            offset += length
        } while offset < raw.count
        zlib.append(contentsOf: word(Int(Adler32.checksum(raw))))
        png.append(chunk("IDAT", zlib))
        png.append(chunk("IEND", Data()))
        return png
    }

    private static func word(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        let typed = Data(type.utf8) + body
        return Data(word(body.count)) + typed + Data(word(Int(CRC32.checksum(typed))))
    }
}
