/// One misconfiguration `tpc doctor` found, with what to fix.
public struct DoctorFinding: Hashable, Sendable, CustomStringConvertible {
    /// The kind of misconfiguration. New codes are added as static members.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A file is missing or not a property list dictionary.
        public static let unreadableFile = Code(rawValue: "unreadable-file")
        /// `com.apple.developer.payment-pass-provisioning` is not `true`.
        public static let missingProvisioningEntitlement = Code(rawValue: "missing-provisioning-entitlement")
        /// The target has no App Group (`com.apple.security.application-groups`).
        public static let missingAppGroup = Code(rawValue: "missing-app-group")
        /// The three targets share no App Group.
        public static let noSharedAppGroup = Code(rawValue: "no-shared-app-group")
        /// `NSExtension` / `NSExtensionPointIdentifier` is missing or wrong.
        public static let wrongExtensionPoint = Code(rawValue: "wrong-extension-point")
        /// `NSExtensionPrincipalClass` is missing or empty.
        public static let missingPrincipalClass = Code(rawValue: "missing-principal-class")
    }

    /// The kind of misconfiguration.
    public let code: Code
    /// The target it is in; `nil` when it concerns all three.
    public let target: ExtensionTarget?
    /// What is wrong and how to fix it.
    public let fix: String

    /// Makes a finding.
    public init(_ code: Code, target: ExtensionTarget?, fix: String) {
        self.code = code
        self.target = target
        self.fix = fix
    }

    public var description: String { "[\(target?.description ?? "all targets")] \(code): \(fix)" }
}
