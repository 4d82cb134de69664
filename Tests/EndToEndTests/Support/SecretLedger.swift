import Foundation
import ProvisioningCrypto
import Synchronization
import TestSupport

/// Every secret the tests sent to a deployment — PANs, nonces, authorization
/// codes — so the final scan can look for each one in logs, databases, the
/// sandbox directory and the metrics.
final class SecretLedger: IssuerSecretRecorder {
    private let state = Mutex<(pans: Set<String>, nonces: Set<[UInt8]>, codes: Set<String>)>(([], [], []))
    private let extra = Mutex<(cvvs: Set<String>, keys: [String: String])>(([], [:]))

    func recordPAN(_ pan: String) { state.withLock { _ = $0.pans.insert(pan) } }
    func recordNonce(_ nonce: [UInt8]) { state.withLock { _ = $0.nonces.insert(nonce) } }
    func recordCode(_ code: String) { state.withLock { _ = $0.codes.insert(code) } }

    /// A CVV the tests put in a payload: looked for with the member name
    /// around it (a bare three or four digits would match by chance).
    func recordCVV(_ cvv: String) { extra.withLock { _ = $0.cvvs.insert(cvv) } }

    /// Key material (a PEM body line, a key's hex): looked for in logs,
    /// metrics and databases only — the sandbox directory holds key files
    /// by design.
    func recordKey(_ label: String, _ value: String) { extra.withLock { $0.keys[label] = value } }

    var cvvs: Set<String> { extra.withLock { $0.cvvs } }
    var keys: [String: String] { extra.withLock { $0.keys } }

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
        for (index, cvv) in cvvs.sorted().enumerated() {
            for form in [#""cvv":"\#(cvv)""#, #""cvv": "\#(cvv)""#, "cvv=\(cvv)", "cvv: \(cvv)", #""cvv":\#(cvv)"#] {
                needles.append(("CVV #\(index)", form))
            }
        }
        return needles
    }

    /// The needles plus the key material.
    var needlesWithKeys: [(label: String, value: String)] {
        needles + keys.sorted { $0.key < $1.key }.map { ("key \($0.key)", $0.value) }
    }

    /// The labels of the needles found in `haystack`.
    func findings(in haystack: String) -> [String] {
        findings(in: Data(haystack.utf8))
    }

    /// The labels of the needles found in `haystack`, searched as bytes (binary
    /// files such as SQLite pages included).
    func findings(in haystack: Data, keys: Bool = false) -> [String] {
        (keys ? needlesWithKeys : needles).filter { haystack.range(of: Data($0.value.utf8)) != nil }.map(\.label)
    }

    /// Whether `text` names a CVV field: "cvv" in any case, standing alone.
    ///
    /// A neighbouring letter, digit, `+` or `/` makes it part of something
    /// else — a base64 column, `pg_dump`'s random `\restrict` key — where the
    /// three letters turn up by chance (about once in 30,000 positions of
    /// random base64, so a dump of a full run holds them now and then).
    static func namesCVV(in text: String) -> Bool {
        text.range(of: #"(?<![A-Za-z0-9+/])cvv(?![A-Za-z0-9+/])"#, options: [.regularExpression, .caseInsensitive])
            != nil
    }

    /// The key needles of the PEM private keys and the sandbox master key
    /// under `directory`: each base64 line of a PEM body, the body joined,
    /// and the master key's bytes in hex and base64.
    func recordKeys(under directory: URL, prefix: String) throws {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let name = url.lastPathComponent
            guard let data = try? Data(contentsOf: url) else { continue }
            if name == "sandbox-master.key", data.count == 32 {
                recordKey("\(prefix) master key (hex)", Hex.encode([UInt8](data)))
                recordKey("\(prefix) master key (base64)", data.base64EncodedString())
            } else if let text = String(data: data, encoding: .utf8), text.contains("PRIVATE KEY-----") {
                recordPEM(text, label: "\(prefix) \(name)")
            }
        }
    }

    /// The body lines of a PEM private key, and the body joined.
    func recordPEM(_ pem: String, label: String) {
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") && $0.count >= 32 }
        for (index, line) in body.enumerated() { recordKey("\(label) line \(index)", String(line)) }
        recordKey("\(label) body", body.joined())
    }
}
