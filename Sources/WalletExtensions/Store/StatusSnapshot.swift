import Foundation

/// The little the Wallet extension's `status` needs, kept as its own record
/// in the shared store and rewritten on every change, so that `status` reads
/// one small value and decides without any lookup.
public struct StatusSnapshot: Hashable, Sendable, Codable {
    /// Whether some card is not on the iPhone.
    public var passEntriesAvailable: Bool
    /// Whether some card is not on the Watch (and a Watch is paired).
    public var remotePassEntriesAvailable: Bool
    /// The sign-in's end, if the user signed in.
    public var signInExpiresAt: Date?
    /// The sign-in's start, if the user signed in.
    public var signedInAt: Date?

    /// Whether the user must sign in at `date`.
    public func requiresAuthentication(at date: Date = Date()) -> Bool {
        guard let signedInAt, let signInExpiresAt else { return true }
        return !(date >= signedInAt && date < signInExpiresAt)
    }

    /// The snapshot of an empty store.
    public static let empty = StatusSnapshot(passEntriesAvailable: false, remotePassEntriesAvailable: false)
}
