import Foundation

/// Test-only stand-ins for the two UIKit names seed 001's URL handler uses
/// and the emulation does not provide (it provides `UIViewController`).
/// Seed samples refer to them exactly as they would to UIKit's.
final class UIApplication: Sendable {
    struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        let rawValue: String
    }

    static let shared = UIApplication()
}

/// The values seed samples leave as placeholders ("<JWT>", "SCHEME"…) and
/// tell the integrator to fill in; tests set them before running a sample.
@MainActor
enum SeedValues {
    static var authorizationCode = ""
    static var scheme = ""
}
