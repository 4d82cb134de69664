import Foundation

/// Where the wallet keeps its secrets between launches: the wallet's private
/// key and credentials, and the decrypted payment keys of each card.
///
/// Two implementations: ``KeychainSecretStore`` on Apple platforms and
/// ``FileSecretStore`` (0600 files, atomically replaced) elsewhere. Items are
/// small blobs addressed by a name made of `[A-Za-z0-9._-]`.
protocol SecretStore: Sendable {
    /// The item's bytes, or `nil` when there is none.
    func read(_ name: String) throws(DigitalCardError) -> Data?
    /// Creates or replaces the item.
    func write(_ name: String, _ data: Data) throws(DigitalCardError)
    /// Removes the item; removing a missing item is not an error.
    func delete(_ name: String) throws(DigitalCardError)
}
