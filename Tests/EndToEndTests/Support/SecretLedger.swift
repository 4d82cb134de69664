import Foundation
import ProvisioningCrypto
import Synchronization
import TestSupport

/// Every secret the tests sent to a deployment — PANs, nonces, authorization
/// codes — so the final scan can look for each one in logs, databases, the
/// sandbox directory and the metrics.
final class SecretLedger: IssuerSecretRecorder {
    private let state = Mutex<(pans: Set<String>, nonces: Set<[UInt8]>, codes: Set<String>)>(([], [], []))

    func recordPAN(_ pan: String) { state.withLock { _ = $0.pans.insert(pan) } }
    func recordNonce(_ nonce: [UInt8]) { state.withLock { _ = $0.nonces.insert(nonce) } }
    func recordCode(_ code: String) { state.withLock { _ = $0.codes.insert(code) } }

    var pans: Set<String> { state.withLock { $0.pans } }
    var nonces: Set<[UInt8]> { state.withLock { $0.nonces } }
    var codes: Set<String> { state.withLock { $0.codes } }

    /// The needles a scan looks for, each with a label that names its kind
    /// (never its value, so a failure message stays clean).
    var needles: [(label: String, value: String)] {
        var needles: [(String, String)] = []
        for (index, pan) in pans.sorted().enumerated() { needles.append(("PAN #\(index)", pan)) }
        for (index, nonce) in nonces.sorted(by: { $0.lexicographicallyPrecedes($1) }).enumerated() {
            needles.append(("nonce #\(index) (hex)", Hex.encode(nonce)))
            needles.append(("nonce #\(index) (base64)", Data(nonce).base64EncodedString()))
        }
        for (index, code) in codes.sorted().enumerated() {
            needles.append(("authorization code #\(index)", code))
            // The signature alone, in case a code were stored split up.
            if let signature = code.split(separator: ".").last, signature.count >= 32 {
                needles.append(("authorization code #\(index) signature", String(signature)))
            }
        }
        return needles
    }

    /// The labels of the needles found in `haystack`.
    func findings(in haystack: String) -> [String] {
        findings(in: Data(haystack.utf8))
    }

    /// The labels of the needles found in `haystack`, searched as bytes (binary
    /// files such as SQLite pages included).
    func findings(in haystack: Data) -> [String] {
        needles.filter { haystack.range(of: Data($0.value.utf8)) != nil }.map(\.label)
    }
}
