import Foundation
import ProvisioningAPI
import ProvisioningCrypto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the sandbox's MDES endpoint was asked and answered, one JSON line per
/// call appended to `mdes-exchanges.jsonl` in the sandbox directory: the
/// operation, how the call was signed (method, URL, consumer, body hash; never
/// the signature or the nonce), the request and response bodies and the status.
///
/// It is how a test checks every request the connector sent and every answer
/// it got against Mastercard's published schemas, and how `make demo` shows
/// the MDES path. The bodies hold token references and suffixes, never a PAN
/// or a token number: the Customer Service API carries neither in the calls
/// the connector makes.
struct MDESJournal: Sendable {
    /// One call.
    struct Entry: Encodable, Sendable {
        var at: Date
        var operation: String
        var method: String
        var path: String
        var signature: Signature?
        var status: Int
        var request: JSONValue?
        var response: JSONValue?

        /// How the request was signed.
        struct Signature: Encodable, Sendable {
            var method: String
            var consumerKey: String
            var bodyHash: String
            var verified: Bool
            /// The URL the signature base string names, as the endpoint
            /// rebuilt it from the request (scheme, `Host`, path, query).
            var url: String
        }
    }

    static let fileName = "mdes-exchanges.jsonl"

    let url: URL

    init(directory: URL) {
        url = directory.appendingPathComponent(Self.fileName)
    }

    /// Appends `entry` as one line (`O_APPEND`: lines of concurrent writers,
    /// several processes included, never interleave).
    func append(_ entry: Entry) {
        let encoder = JSONEncoder.provisioningAPI
        guard var line = try? encoder.encode(entry) else { return }
        line.append(UInt8(ascii: "\n"))
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
