import Foundation

/// A named deployment of the provisioning service, for
/// ``TPCSDK/configure(variant:issuerId:)``.
///
/// The SDK is open source and each bank runs its own service, so a variant's
/// URL is resolved in this order:
///
/// 1. a URL registered with ``TPCSDK/register(url:for:)``;
/// 2. the app's `Info.plist` string `TPCServiceURL_<name>` (`TPCServiceURL_PROD`);
/// 3. the variant's ``defaultURL``: for ``PPROD`` the local sandbox that
///    `tpc serve --sandbox` starts by default (`http://127.0.0.1:8080/mg/tpc`);
///    ``PROD`` has none, so it must be registered or set in `Info.plist`.
public struct TPCVariant: Hashable, Sendable, CustomStringConvertible {
    /// The variant's name (`"PPROD"`, `"PROD"`).
    public let name: String
    /// The URL used when nothing else is configured.
    public let defaultURL: String?

    /// Makes a variant.
    public init(name: String, defaultURL: String?) {
        self.name = name
        self.defaultURL = defaultURL
    }

    /// Pre-production: the sandbox.
    public static let PPROD = TPCVariant(name: "PPROD", defaultURL: "http://127.0.0.1:8080/mg/tpc")
    /// Production.
    public static let PROD = TPCVariant(name: "PROD", defaultURL: nil)

    /// The `Info.plist` key read for this variant.
    public var infoPlistKey: String { "TPCServiceURL_\(name)" }

    public var description: String { name }
}
