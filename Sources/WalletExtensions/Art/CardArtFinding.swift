import ProvisioningPrimitives

/// One way card art misses Apple's requirements (seed 000's FAQ: vector PDF
/// or PNG, 1536 × 969, under 4 MB, landscape, square corners).
public struct CardArtFinding: CodedDetail {
    /// The requirement missed. New codes are added as static members.
    public struct Code: ExtensibleEnumeration {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Neither PNG nor PDF.
        public static let unsupportedFormat = Code(rawValue: "unsupported-format")
        /// A PNG or PDF whose structure cannot be read.
        public static let unreadable = Code(rawValue: "unreadable")
        /// Not 1536 × 969 (PNG), or not that aspect ratio (PDF).
        public static let wrongSize = Code(rawValue: "wrong-size")
        /// 4 MB or more.
        public static let tooLarge = Code(rawValue: "too-large")
        /// Taller than wide.
        public static let portrait = Code(rawValue: "portrait")
        /// A transparent corner pixel: rounded corners, which Apple refuses.
        public static let roundedCorners = Code(rawValue: "rounded-corners")
        /// The PNG has transparency in a form the check cannot decode
        /// (interlaced, or under 8 bits per sample); export it without alpha.
        public static let cornersUnverified = Code(rawValue: "corners-unverified")
    }

    /// The requirement missed.
    public let code: Code
    /// What was found and what to do.
    public let detail: String

    /// Makes a finding.
    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }
}
