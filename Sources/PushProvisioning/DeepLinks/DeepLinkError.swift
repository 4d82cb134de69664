import ProvisioningPrimitives

/// Why a Wallet launch URL was refused by ``WalletDeepLink``.
///
/// ```swift
/// do {
///     let link = try WalletDeepLink(url: url)
/// } catch where error.code == .unsupportedAction {
///     // not a verification request
/// }
/// ```
public struct DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem. New codes are added as static members.
    public struct Code: ExtensibleEnumeration {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The URL cannot be split into components.
        public static let malformedURL = Code(rawValue: "malformed-url")
        /// One of `passTypeIdentifier`, `serialNumber`, `action` is missing.
        public static let missingParameter = Code(rawValue: "missing-parameter")
        /// A parameter other than the three is present.
        public static let unknownParameter = Code(rawValue: "unknown-parameter")
        /// A parameter appears twice.
        public static let duplicateParameter = Code(rawValue: "duplicate-parameter")
        /// The pass type is not Wallet's payment pass type.
        public static let unsupportedPassType = Code(rawValue: "unsupported-pass-type")
        /// The development pass type, while it is not accepted.
        public static let developmentPassTypeRefused = Code(rawValue: "development-pass-type-refused")
        /// The action is not `verify`.
        public static let unsupportedAction = Code(rawValue: "unsupported-action")
        /// The serial number is empty, too long or has unexpected characters.
        public static let invalidSerialNumber = Code(rawValue: "invalid-serial-number")
        /// No pass on this iPhone or the Watch has the serial number.
        public static let passNotFound = Code(rawValue: "pass-not-found")
    }

    /// The kind of problem.
    public let code: Code
    /// A short explanation; never contains the serial number.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "DeepLinkError(\(code)): \(message)" }
}
