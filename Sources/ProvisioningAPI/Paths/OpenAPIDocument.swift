import Foundation

/// The OpenAPI 3.1 document of the contract, shipped as a resource of this
/// module and served by the service at `/openapi.json`.
///
/// It describes exactly the routes of ``APIRoute/all``.
public enum OpenAPIDocument {
    private static let bundleName = "PushProvisioning_ProvisioningAPI"

    /// The document's bytes (JSON).
    ///
    /// - Throws: ``ProvisioningAPIError`` with code
    ///   ``ProvisioningAPIError/Code/resourceMissing`` when the module's
    ///   resource bundle was not installed next to the program.
    public static func data() throws -> Data {
        guard let url = url else {
            throw ProvisioningAPIError(.resourceMissing, "the ProvisioningAPI resource bundle was not found")
        }
        return try Data(contentsOf: url)
    }

    /// The document's location, or `nil` when the resource bundle is missing.
    ///
    /// SwiftPM's generated `Bundle.module` stops the process when the bundle
    /// is missing; a service must not die for want of a documentation file,
    /// so the usual locations are searched here instead.
    public static var url: URL? {
        var directories: [URL] = []
        if let resources = Bundle.main.resourceURL { directories.append(resources) }
        directories.append(Bundle.main.bundleURL)
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        // An .xctest bundle sits beside the resource bundles of its build.
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            for suffix in ["resources", "bundle"] {
                let candidate = directory.appendingPathComponent("\(bundleName).\(suffix)")
                if let bundle = Bundle(url: candidate),
                    let url = bundle.url(forResource: "openapi", withExtension: "json")
                {
                    return url
                }
            }
        }
        return nil
    }
}
