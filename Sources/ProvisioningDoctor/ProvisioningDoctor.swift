import Foundation

/// Checks an issuer app's Wallet extension setup (seed 000): the
/// payment-pass-provisioning entitlement in the app and both extensions, one
/// App Group shared by all three, each extension's `NSExtensionPointIdentifier`
/// and principal class. What `tpc doctor` runs.
///
/// ```swift
/// let findings = ProvisioningDoctor.check(ExtensionProject(directory: projectURL))
/// for finding in findings { print(finding) }   // empty: nothing to fix
/// ```
package enum ProvisioningDoctor {
    /// The entitlement Apple grants for in-app and extension provisioning.
    package static let provisioningEntitlement = "com.apple.developer.payment-pass-provisioning"
    /// The App Groups entitlement.
    package static let appGroupsEntitlement = "com.apple.security.application-groups"

    /// Everything to fix in `project`, app first; empty when it is ready.
    package static func check(_ project: ExtensionProject) -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        var groups: [ExtensionTarget: Set<String>] = [:]
        for target in ExtensionTarget.allCases {
            guard let files = project.files[target] else { continue }
            if let entitlements = dictionary(at: files.entitlements, target: target, into: &findings) {
                if entitlements[provisioningEntitlement] as? Bool != true {
                    findings.append(
                        .init(
                            .missingProvisioningEntitlement, target: target,
                            fix: "add \(provisioningEntitlement) = true to \(files.entitlements.lastPathComponent) "
                                + "(the entitlement Apple grants the issuer)"))
                }
                let targetGroups = Set((entitlements[appGroupsEntitlement] as? [String]) ?? [])
                if targetGroups.isEmpty {
                    findings.append(
                        .init(
                            .missingAppGroup, target: target,
                            fix: "add the App Group shared with the other targets to \(appGroupsEntitlement) in "
                                + files.entitlements.lastPathComponent))
                }
                groups[target] = targetGroups
            }
            if let point = target.extensionPointIdentifier,
                let info = dictionary(at: files.infoPlist, target: target, into: &findings)
            {
                findings += extensionFindings(info, target: target, point: point, file: files.infoPlist)
            }
        }
        let nonEmpty = groups.values.filter { !$0.isEmpty }
        if groups.count == ExtensionTarget.allCases.count, nonEmpty.count == groups.count,
            nonEmpty.reduce(nonEmpty.first ?? [], { $0.intersection($1) }).isEmpty
        {
            let listing = ExtensionTarget.allCases.map {
                "\($0): \((groups[$0] ?? []).sorted().joined(separator: ", "))"
            }
            findings.append(
                .init(
                    .noSharedAppGroup, target: nil,
                    fix: "the app and both extensions must list one same App Group (\(listing.joined(separator: "; ")))"
                ))
        }
        return findings
    }

    private static func extensionFindings(
        _ info: [String: Any], target: ExtensionTarget, point: String, file: URL
    ) -> [DoctorFinding] {
        guard let nsExtension = info["NSExtension"] as? [String: Any] else {
            return [
                .init(
                    .wrongExtensionPoint, target: target,
                    fix: "\(file.lastPathComponent) has no NSExtension dictionary; add one with "
                        + "NSExtensionPointIdentifier = \(point) and NSExtensionPrincipalClass"),
                .init(
                    .missingPrincipalClass, target: target,
                    fix: "set NSExtensionPrincipalClass to \(target.principalClassRole)"),
            ]
        }
        var findings: [DoctorFinding] = []
        let found = nsExtension["NSExtensionPointIdentifier"] as? String
        if found != point {
            findings.append(
                .init(
                    .wrongExtensionPoint, target: target,
                    fix: "NSExtensionPointIdentifier is \(found.map { "\"\($0)\"" } ?? "missing"); set it to \(point)"))
        }
        let principal = (nsExtension["NSExtensionPrincipalClass"] as? String)?.trimmingCharacters(in: .whitespaces)
        if principal?.isEmpty ?? true {
            findings.append(
                .init(
                    .missingPrincipalClass, target: target,
                    fix: "set NSExtensionPrincipalClass (e.g. $(PRODUCT_MODULE_NAME).ClassName) to "
                        + target.principalClassRole))
        }
        return findings
    }

    private static func dictionary(
        at url: URL, target: ExtensionTarget, into findings: inout [DoctorFinding]
    ) -> [String: Any]? {
        guard let data = try? Data(contentsOf: url) else {
            findings.append(.init(.unreadableFile, target: target, fix: "\(url.path) is missing or unreadable"))
            return nil
        }
        guard
            let dictionary = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                as? [String: Any]
        else {
            findings.append(
                .init(.unreadableFile, target: target, fix: "\(url.path) is not a property list dictionary"))
            return nil
        }
        return dictionary
    }
}
