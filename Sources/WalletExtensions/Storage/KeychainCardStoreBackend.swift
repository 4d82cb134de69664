#if canImport(Security)
import Foundation
import Security

/// A ``CardStoreBackend`` in the keychain, shared through a keychain access
/// group (the seed's `kSecAttrAccessGroup`): one generic-password item per
/// record, readable after first unlock on this device only.
///
/// ```swift
/// let store = SharedCardStore(backend: KeychainCardStoreBackend(accessGroup: "group.com.bank.app"))
/// ```
///
/// The keychain replaces an item's data atomically, which makes every write
/// atomic for readers in the other extension.
public struct KeychainCardStoreBackend: CardStoreBackend {
    /// The keychain access group shared by the app and its extensions.
    public let accessGroup: String
    /// The items' service name.
    public let service: String

    /// Uses the items of `service` in `accessGroup`.
    public init(accessGroup: String, service: String = "com.pushprovisioning.wallet-extensions") {
        self.accessGroup = accessGroup
        self.service = service
    }

    private func query(_ key: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccessGroup as String: accessGroup,
            kSecAttrAccount as String: key,
        ]
    }

    public func read(_ key: String) throws(WalletExtensionsError) -> Data? {
        var request = query(key)
        request[kSecReturnData as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(request as CFDictionary, &item)
        switch status {
        case errSecSuccess: return item as? Data
        case errSecItemNotFound: return nil
        default: throw WalletExtensionsError(.storeFailure, "the keychain refused to read \(key) (status \(status))")
        }
    }

    public func write(_ data: Data, for key: String) throws(WalletExtensionsError) {
        let update = [kSecValueData as String: data]
        var status = SecItemUpdate(query(key) as CFDictionary, update as CFDictionary)
        if status == errSecItemNotFound {
            var add = query(key)
            add[kSecValueData as String] = data
            add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            status = SecItemAdd(add as CFDictionary, nil)
        }
        guard status == errSecSuccess else {
            throw WalletExtensionsError(.storeFailure, "the keychain refused to write \(key) (status \(status))")
        }
    }

    public func remove(_ key: String) throws(WalletExtensionsError) {
        let status = SecItemDelete(query(key) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw WalletExtensionsError(.storeFailure, "the keychain refused to remove \(key) (status \(status))")
        }
    }
}
#endif
