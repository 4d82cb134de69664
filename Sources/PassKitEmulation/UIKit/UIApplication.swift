import Foundation

/// A stand-in for UIKit's `UIApplication`: the shared application object and
/// the keys of the options it passes to `application(_:open:options:)`, so
/// that an app delegate's URL handler compiles and can be called.
///
/// ```swift
/// _ = appDelegate.application(UIApplication.shared, open: walletURL, options: [:])
/// ```
@MainActor
open class UIApplication: NSObject {
    /// The keys of `application(_:open:options:)`'s options.
    public struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The bundle identifier of the app that asked to open the URL.
        public static let sourceApplication = OpenURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    }

    private static let instance = UIApplication()

    /// The app's one application object.
    open class var shared: UIApplication { instance }

    private override init() {
        super.init()
    }
}
