import Foundation

/// The user's sign-in in the UI extension, shared with the non-UI extension:
/// valid until ``expiresAt`` (5 minutes after sign-in by default, per seed
/// 000, long enough for entries and requests).
public struct SignInAuthorization: Hashable, Sendable, Codable {
    /// When the user signed in.
    public var signedInAt: Date
    /// When the sign-in stops counting.
    public var expiresAt: Date

    /// The default lifetime: 5 minutes.
    public static let defaultLifetime: TimeInterval = 300

    /// Makes a sign-in valid for `lifetime` seconds from `signedInAt`.
    public init(signedInAt: Date = Date(), lifetime: TimeInterval = SignInAuthorization.defaultLifetime) {
        self.signedInAt = signedInAt
        self.expiresAt = signedInAt.addingTimeInterval(lifetime)
    }

    /// Whether the sign-in still counts at `date`.
    public func isValid(at date: Date = Date()) -> Bool {
        date >= signedInAt && date < expiresAt
    }
}
