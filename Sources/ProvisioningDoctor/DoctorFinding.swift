import ProvisioningPrimitives

/// One misconfiguration `tpc doctor` found, with what to fix.
package struct DoctorFinding: Hashable, Sendable, CustomStringConvertible {
    /// The kind of misconfiguration. New codes are added as static members.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// A file is missing or not a property list dictionary.
        package static let unreadableFile = Code(rawValue: "unreadable-file")
        /// `com.apple.developer.payment-pass-provisioning` is not `true`.
        package static let missingProvisioningEntitlement = Code(rawValue: "missing-provisioning-entitlement")
        /// The target has no App Group (`com.apple.security.application-groups`).
        package static let missingAppGroup = Code(rawValue: "missing-app-group")
        /// The three targets share no App Group.
        package static let noSharedAppGroup = Code(rawValue: "no-shared-app-group")
        /// `NSExtension` / `NSExtensionPointIdentifier` is missing or wrong.
        package static let wrongExtensionPoint = Code(rawValue: "wrong-extension-point")
        /// `NSExtensionPrincipalClass` is missing or empty.
        package static let missingPrincipalClass = Code(rawValue: "missing-principal-class")
    }

    /// The kind of misconfiguration.
    package let code: Code
    /// The target it is in; `nil` when it concerns all three.
    package let target: ExtensionTarget?
    /// What is wrong and how to fix it.
    package let fix: String

    /// Makes a finding.
    package init(_ code: Code, target: ExtensionTarget?, fix: String) {
        self.code = code
        self.target = target
        self.fix = fix
    }

    package var description: String { "[\(target?.description ?? "all targets")] \(code): \(fix)" }
}
