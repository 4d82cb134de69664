/// An issuer's Wallet extension as Wallet finds it in the app's bundle: its
/// `Info.plist` and its principal class (`NSExtensionPrincipalClass`), which
/// Wallet makes with `init()` — the only initializer iOS ever calls.
///
/// ```swift
/// let issuerExtension = SimulatedAppExtension(
///     principalClass: IntentHandler.init,
///     infoDictionary: ["TPCAppGroupIdentifier": "group.com.bank.app"])
/// let app = SimulatedWalletApp(wallet: wallet, issuerExtension: issuerExtension)
/// ```
///
/// Passing `IntentHandler.init` is passing the class's `init()`: a principal
/// class without one does not compile, where iOS would stop the extension
/// at launch with Swift's "unimplemented initializer".
public struct SimulatedAppExtension: Sendable {
    /// The principal class's `init()`.
    public typealias PrincipalClass = @Sendable () -> PKIssuerProvisioningExtensionHandler

    /// The extension's `Info.plist` entries (string values; `"NO"`/`"YES"`
    /// for Booleans).
    public var infoDictionary: [String: String]
    /// The principal class's `init()`.
    public let principalClass: PrincipalClass

    /// The `NSExtensionPointIdentifier` of the non-UI extension.
    public static let issuerProvisioningPoint = "com.apple.PassKit.issuer-provisioning"

    /// Describes an extension whose principal class `principalClass` makes.
    public init(principalClass: @escaping PrincipalClass, infoDictionary: [String: String] = [:]) {
        self.principalClass = principalClass
        self.infoDictionary = infoDictionary
    }

    /// The `Info.plist` of the extension being made, while Wallet runs its
    /// principal class's `init()`: what `Bundle.main.infoDictionary` is inside
    /// the extension's process on iOS. `nil` elsewhere.
    public static var currentInfoDictionary: [String: String]? { current }

    @TaskLocal private static var current: [String: String]?

    /// Makes the principal object as Wallet does when it launches the
    /// extension.
    func instantiate() -> PKIssuerProvisioningExtensionHandler {
        var info = infoDictionary
        if info["NSExtensionPointIdentifier"] == nil {
            info["NSExtensionPointIdentifier"] = Self.issuerProvisioningPoint
        }
        return Self.$current.withValue(info) { principalClass() }
    }
}
