import ProvisioningPrimitives

/// An error of the Wallet extensions kit: the shared card store, card art and
/// the ready-made handler.
///
/// The detail never holds card numbers, codes or payloads; card identifiers
/// are the issuer's own references.
///
/// ```swift
/// do {
///     try store.save(card, art: artData)
/// } catch let error as WalletExtensionsError where error.code == .cardArtRejected {
///     print(error.findings)
/// }
/// ```
public struct WalletExtensionsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members.
    public struct Code: ExtensibleEnumeration {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The shared store cannot be read or written (file, permissions, keychain).
        public static let storeFailure = Code(rawValue: "store-failure")
        /// The shared store holds data this version cannot read.
        public static let storeCorrupted = Code(rawValue: "store-corrupted")
        /// A card argument is unusable (empty id, suffix not four digits…).
        public static let invalidCard = Code(rawValue: "invalid-card")
        /// The card art does not meet Apple's requirements; see ``WalletExtensionsError/findings``.
        public static let cardArtRejected = Code(rawValue: "card-art-rejected")
        /// The store has no card with this identifier.
        public static let unknownCard = Code(rawValue: "unknown-card")
        /// The bank's provisioning data did not arrive in time.
        public static let timedOut = Code(rawValue: "timed-out")
        /// The extension is not configured: its `Info.plist` lacks a key, or
        /// the principal class does not provide the provisioning data.
        public static let notConfigured = Code(rawValue: "not-configured")
    }

    /// The kind of failure.
    public let code: Code
    /// A short explanation without secrets.
    public let detail: String
    /// For ``Code/cardArtRejected``: what is wrong with the art.
    public let findings: [CardArtFinding]

    /// Makes an error.
    public init(_ code: Code, _ detail: String, findings: [CardArtFinding] = []) {
        self.code = code
        self.detail = detail
        self.findings = findings
    }

    public var description: String {
        findings.isEmpty
            ? "\(code): \(detail)" : "\(code): \(detail): \(findings.map(\.description).joined(separator: "; "))"
    }
}
