/// Why a card-art image was refused.
package struct CardArtError: Error, Hashable, Sendable, CustomStringConvertible {
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// Not a PNG (signature), or a chunk is truncated or fails its CRC.
        package static let invalidImage = Code(rawValue: "invalid-image")
        /// A PNG, but not of the pixel size its art type requires.
        package static let wrongDimensions = Code(rawValue: "wrong-dimensions")
        /// Over ``CardArtSpecification/maximumByteCount``.
        package static let tooLarge = Code(rawValue: "too-large")
    }

    package let code: Code
    package let detail: String

    package init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    package var description: String { "\(code): \(detail)" }
}
