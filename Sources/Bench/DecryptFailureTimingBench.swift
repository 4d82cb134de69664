import Foundation
import ProvisioningCrypto

/// Whether a refused card payload tells, by its timing, why it was refused:
/// the RSAES-OAEP key transport not unwrapping (a corrupted encrypted key,
/// what a padding oracle probes) against the content not decrypting (a
/// corrupted last block). Both answer the same `CryptoError`; this measures the
/// time. The attempts alternate, so both kinds see the same machine.
///
/// Figures: each kind's median, the ratio of the larger median to the
/// smaller (target ≤ 1.02) and the Kolmogorov–Smirnov distance between the
/// two samples (target ≤ 0.1; about 0.06 is what chance alone reaches at
/// p = 0.001 with 2,000 attempts each).
enum DecryptFailureTimingBench {
    static func run(attempts: Int) throws {
        let key = AnyPrivateKey.rsa(try RSA.PrivateKey(bits: 2048))
        let certificate = try CertificateBuilder.endEntity(
            subject: DistinguishedName(commonName: "bench payload"), publicKey: key.publicKey,
            keyUsage: [.keyEncipherment], notValidBefore: Date(), notValidAfter: Date().addingTimeInterval(86_400)
        ).selfSigned(with: key)
        let payload = Array(#"{"primaryAccountNumber":"4111111111111111","expiration":"12/29"}"#.utf8)
        let message = try CMSEnvelopedData.encrypt(payload, for: certificate)
        // The RSA-2048 encrypted key is the one 256-byte OCTET STRING (04 82 01 00).
        let header: [UInt8] = [0x04, 0x82, 0x01, 0x00]
        guard
            let start = (0..<(message.count - header.count)).first(where: {
                Array(message[$0..<$0 + header.count]) == header
            })
        else { throw BenchError(.measurementFailed, "no 256-byte encrypted key in the CMS message") }
        var badPadding = message
        badPadding[start + header.count + 128] ^= 0x01
        // The content (AES-256-CBC) ends the message. Flipping the last bit of
        // the next-to-last block flips the last bit of the padding length
        // (CBC), which no valid padding survives; flipping the last block
        // itself would leave valid padding once in about 256 messages.
        var badContent = message
        badContent[message.count - 17] ^= 0x01

        func failureTime(_ der: [UInt8]) throws -> Double {
            let clock = ContinuousClock()
            let begin = clock.now
            do {
                _ = try CMSEnvelopedData.decrypt(der, key: key, certificate: certificate)
                throw BenchError(
                    .measurementFailed, "a corrupted message decrypted (\(der == badPadding ? "padding" : "content"))")
            } catch let error as CryptoError where error.code == .decryptionFailure {
                let elapsed = clock.now - begin
                return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
            }
        }
        // Warm-up, then alternate which kind goes first.
        for _ in 0..<50 {
            _ = try failureTime(badPadding)
            _ = try failureTime(badContent)
        }
        var padding: [Double] = []
        var content: [Double] = []
        for index in 0..<attempts {
            if index.isMultiple(of: 2) {
                padding.append(try failureTime(badPadding))
                content.append(try failureTime(badContent))
            } else {
                content.append(try failureTime(badContent))
                padding.append(try failureTime(badPadding))
            }
        }
        let paddingMedian = percentile(padding.sorted(), 0.5)
        let contentMedian = percentile(content.sorted(), 0.5)
        BenchFigure(name: "crypto.cms_decrypt_failure.bad_padding_median_us", value: paddingMedian, unit: "µs").emit()
        BenchFigure(name: "crypto.cms_decrypt_failure.bad_content_median_us", value: contentMedian, unit: "µs").emit()
        BenchFigure(
            name: "crypto.cms_decrypt_failure.median_ratio",
            value: max(paddingMedian, contentMedian) / min(paddingMedian, contentMedian), unit: "×", target: "<= 1.02"
        ).emit()
        BenchFigure(
            name: "crypto.cms_decrypt_failure.ks_distance", value: kolmogorovSmirnov(padding, content), unit: "D",
            target: "<= 0.1"
        ).emit()
    }

    /// The largest gap between the two samples' empirical distribution functions.
    static func kolmogorovSmirnov(_ first: [Double], _ second: [Double]) -> Double {
        let a = first.sorted()
        let b = second.sorted()
        var i = 0
        var j = 0
        var distance = 0.0
        while i < a.count && j < b.count {
            let value = min(a[i], b[j])
            while i < a.count && a[i] <= value { i += 1 }
            while j < b.count && b[j] <= value { j += 1 }
            distance = max(distance, abs(Double(i) / Double(a.count) - Double(j) / Double(b.count)))
        }
        return distance
    }
}
