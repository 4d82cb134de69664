import Foundation

/// The values seed samples leave as placeholders ("<JWT>", "SCHEME"…) and
/// tell the integrator to fill in; tests set them before running a sample.
@MainActor
enum SeedValues {
    static var authorizationCode = ""
    static var scheme = ""
}
