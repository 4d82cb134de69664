import Foundation

/// Prints a value as one JSON document on standard output, for `--json`:
/// pretty, keys sorted, slashes unescaped, dates in ISO 8601.
///
/// ```swift
/// try JSONOutput.print(["encryptedPayload": payload])
/// ```
package enum JSONOutput {
    /// Prints `value`.
    ///
    /// - Throws: `EncodingError` when `value` cannot be encoded.
    package static func print<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        StandardStreams.output(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
