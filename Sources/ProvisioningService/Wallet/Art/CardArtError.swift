/// Why a card-art image was refused.
public struct CardArtError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Not a PNG (signature), or a chunk is truncated or fails its CRC.
        public static let invalidImage = Code(rawValue: "invalid-image")
        /// A PNG, but not of the pixel size its art type requires.
        public static let wrongDimensions = Code(rawValue: "wrong-dimensions")
        /// Over ``CardArtSpecification/maximumByteCount``.
        public static let tooLarge = Code(rawValue: "too-large")
    }

    public let code: Code
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { "\(code): \(detail)" }
}
