import Foundation

#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

/// The URL Apple Wallet opens the bank's app with, for in-app verification of
/// a pass that requires activation:
/// `myscheme://path?passTypeIdentifier=paymentpass.com.apple&serialNumber=…&action=verify`.
///
/// Parsing is strict, because the URL arrives from outside the app: exactly
/// the three parameters, each once; the payment pass type (the development
/// type `paymentpass.com.apple.dev1` only when
/// ``TPCSettings/acceptsDevelopmentPassType`` or `acceptsDevelopmentPassType`
/// is set); `action=verify`; a serial number of at most 128 visible ASCII
/// characters. Anything else is a ``DeepLinkError``.
///
/// The link does not say which device holds the pass; ``locate(in:)`` looks
/// the serial number up among this iPhone's passes and the Watch's.
///
/// ```swift
/// func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
///     guard let link = try? WalletDeepLink(url: url) else { return false }
///     TPCSDK.getToken(input: GetTokenInput(serialNumber: link.serialNumber)) { local, remote, error in … }
///     return true
/// }
/// ```
public struct WalletDeepLink: Hashable, Sendable {
    /// Wallet's pass type identifier of payment passes.
    public static let paymentPassTypeIdentifier = "paymentpass.com.apple"
    /// The pass type identifier development builds may see.
    public static let developmentPaymentPassTypeIdentifier = "paymentpass.com.apple.dev1"
    /// The only action Wallet is known to send.
    public static let verifyAction = "verify"

    /// The pass type identifier of the link.
    public let passTypeIdentifier: String
    /// The pass's serial number.
    public let serialNumber: String
    /// The action (always ``verifyAction``).
    public let action: String

    /// Parses and validates a launch URL.
    ///
    /// - Parameters:
    ///   - url: the URL Wallet opened the app with.
    ///   - acceptsDevelopmentPassType: accept `paymentpass.com.apple.dev1`;
    ///     `nil` uses ``TPCSettings/acceptsDevelopmentPassType`` of ``TPCSDK/settings``.
    /// - Throws: ``DeepLinkError`` naming the first problem found.
    public init(url: URL, acceptsDevelopmentPassType: Bool? = nil) throws(DeepLinkError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw DeepLinkError(.malformedURL, "the URL cannot be parsed")
        }
        let items = components.queryItems ?? []
        guard !items.isEmpty else { throw DeepLinkError(.missingParameter, "the URL has no query") }
        var values: [String: String] = [:]
        for item in items {
            guard Self.parameterNames.contains(item.name) else {
                throw DeepLinkError(.unknownParameter, "unexpected parameter \(Self.printable(item.name))")
            }
            guard values[item.name] == nil else {
                throw DeepLinkError(.duplicateParameter, "parameter \(item.name) appears more than once")
            }
            values[item.name] = item.value ?? ""
        }
        for name in Self.parameterNames where values[name] == nil {
            throw DeepLinkError(.missingParameter, "parameter \(name) is missing")
        }
        let passType = values["passTypeIdentifier"] ?? ""
        let developmentAccepted = acceptsDevelopmentPassType ?? TPCSDK.settings.acceptsDevelopmentPassType
        switch passType {
        case Self.paymentPassTypeIdentifier: break
        case Self.developmentPaymentPassTypeIdentifier where developmentAccepted: break
        case Self.developmentPaymentPassTypeIdentifier:
            throw DeepLinkError(.developmentPassTypeRefused, "the development pass type is not accepted here")
        default:
            throw DeepLinkError(.unsupportedPassType, "the pass type is not a payment pass")
        }
        let action = values["action"] ?? ""
        guard action == Self.verifyAction else {
            throw DeepLinkError(.unsupportedAction, "the action is not \(Self.verifyAction)")
        }
        let serial = values["serialNumber"] ?? ""
        guard (1...128).contains(serial.count), serial.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
        else { throw DeepLinkError(.invalidSerialNumber, "the serial number is empty, too long or not plain ASCII") }
        self.passTypeIdentifier = passType
        self.serialNumber = serial
        self.action = action
    }

    /// The ``GetTokenInput`` for ``TPCSDK/getToken(input:completion:)``.
    public var tokenInput: GetTokenInput { GetTokenInput(serialNumber: serialNumber) }

    /// Where the pass of a deep link was found.
    public enum Location {
        /// On this iPhone.
        case iPhone(PKSecureElementPass)
        /// On the paired Apple Watch.
        case watch(PKSecureElementPass)

        /// The device.
        public var device: WalletDevice {
            switch self {
            case .iPhone: .iPhone
            case .watch: .watch
            }
        }

        /// The pass.
        public var pass: PKSecureElementPass {
            switch self {
            case .iPhone(let pass), .watch(let pass): pass
            }
        }
    }

    /// Finds the link's pass on this iPhone or the paired Watch.
    ///
    /// - Throws: ``DeepLinkError`` ``DeepLinkError/Code/passNotFound`` when
    ///   neither holds a pass with this serial number (or the app cannot see it).
    public func locate(in library: PKPassLibrary = PKPassLibrary()) throws(DeepLinkError) -> Location {
        let found = PassLookup(library: library).passes(matching: tokenInput)
        if let local = found.local { return .iPhone(local) }
        if let remote = found.remote { return .watch(remote) }
        throw DeepLinkError(.passNotFound, "no pass of this app has the link's serial number")
    }

    private static let parameterNames = ["passTypeIdentifier", "serialNumber", "action"]

    /// A parameter name safe to put in an error: at most 32 visible characters.
    private static func printable(_ name: String) -> String {
        String(name.unicodeScalars.filter { (0x21...0x7E).contains($0.value) }.prefix(32).map(Character.init))
    }
}
