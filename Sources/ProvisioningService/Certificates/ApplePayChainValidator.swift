import Foundation
import ProvisioningCrypto
import Synchronization

/// Verifies the certificate chain Wallet sends with an add-card request and
/// returns the leaf's key, which the pass data is encrypted for.
///
/// Verified chains are remembered by fingerprint (SHA-256 over the presented
/// DER certificates) in a bounded cache: the same device sends the same chain
/// again and again, and path validation is the costly part. The cache is a pure
/// function of the chain and the pinned roots, so several processes need not
/// share it; a hit still checks that every certificate of the path is valid at
/// the request's time.
package final class ApplePayChainValidator: Sendable {
    /// The roots and policy chains are verified against.
    package let trust: ChainTrust
    /// The most chains kept.
    package let capacity: Int
    private let verifier: CertificateChainVerifier

    private struct Entry: Sendable {
        /// The leaf's key, read and checked once per chain rather than per request.
        let leafKey: P256.PublicKey?
        let notBefore: Date
        let notAfter: Date
    }
    private struct Cache: Sendable {
        var entries: [String: Entry] = [:]
        var order: [String] = []
    }
    private let cache = Mutex(Cache())

    /// The largest presented chain and certificate accepted, before any parsing.
    static let maximumCertificates = 4
    static let maximumCertificateBytes = 16 * 1024

    package init(trust: ChainTrust, capacity: Int = 256) {
        self.trust = trust
        self.capacity = max(1, capacity)
        self.verifier = CertificateChainVerifier(trustedRoots: trust.roots)
    }

    /// The number of chains cached now.
    package var cachedChainCount: Int { cache.withLock { $0.entries.count } }

    /// Verifies `chain` (DER, leaf first) at `now` and returns the leaf's P-256
    /// key, which ECC_V2 encrypts the pass data for.
    ///
    /// - Throws: ``ServiceError`` `certificate-chain-invalid` naming the defect
    ///   (untrusted root, order, missing marker, expiry…), also when the leaf's
    ///   key is not P-256.
    package func verifiedLeafKey(chain: [[UInt8]], now: Date) throws(ServiceError) -> P256.PublicKey {
        guard let key = try verifiedEntry(chain: chain, now: now).leafKey else {
            throw ServiceError(.certificateChainInvalid, "the leaf certificate's key is not P-256")
        }
        return key
    }

    private func verifiedEntry(chain: [[UInt8]], now: Date) throws(ServiceError) -> Entry {
        guard !chain.isEmpty, chain.count <= Self.maximumCertificates,
            chain.allSatisfy({ !$0.isEmpty && $0.count <= Self.maximumCertificateBytes })
        else {
            throw ServiceError(.certificateChainInvalid, "the certificate chain has an unexpected size")
        }
        let key = Self.fingerprint(of: chain)
        if let entry = cache.withLock({ $0.entries[key] }) {
            guard entry.notBefore <= now, now <= entry.notAfter else {
                throw ServiceError(.certificateChainInvalid, "a certificate of the chain is not valid now")
            }
            return entry
        }
        let verified: VerifiedCertificateChain
        do {
            verified = try verifier.verify(derChain: chain, at: now, policy: trust.policy)
        } catch let error as CryptoError {
            throw ServiceError(.certificateChainInvalid, "the certificate chain was refused (\(error.code))")
        } catch {
            throw ServiceError(.certificateChainInvalid, "the certificate chain was refused")
        }
        let leafKey: P256.PublicKey? =
            if case .p256(let key)? = try? verified.leaf.publicKey { key } else { nil }
        let entry = Entry(
            leafKey: leafKey,
            notBefore: verified.certificates.map(\.notValidBefore).max() ?? now,
            notAfter: verified.certificates.map(\.notValidAfter).min() ?? now)
        cache.withLock { cache in
            guard cache.entries[key] == nil else { return }
            if cache.order.count >= capacity, let oldest = cache.order.first {
                cache.order.removeFirst()
                cache.entries[oldest] = nil
            }
            cache.entries[key] = entry
            cache.order.append(key)
        }
        return entry
    }

    static func fingerprint(of chain: [[UInt8]]) -> String {
        var framed: [UInt8] = []
        for der in chain {
            let count = UInt32(der.count)
            framed += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
            framed += der
        }
        return Hex.encode((try? SHA256.hash(data: framed)) ?? framed)
    }
}
