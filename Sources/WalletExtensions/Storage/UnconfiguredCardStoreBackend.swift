import Foundation

/// The store of a handler whose `Info.plist` names no usable App Group:
/// every read and write fails with the configuration problem, so the handler
/// offers no cards and says why.
struct UnconfiguredCardStoreBackend: CardStoreBackend {
    let problem: WalletExtensionsError?

    private var error: WalletExtensionsError {
        problem ?? WalletExtensionsError(.notConfigured, "the extension has no App Group store")
    }

    func read(_ key: String) throws(WalletExtensionsError) -> Data? { throw error }
    func write(_ data: Data, for key: String) throws(WalletExtensionsError) { throw error }
    func remove(_ key: String) throws(WalletExtensionsError) { throw error }
}
