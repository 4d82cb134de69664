// The Keychain exists on Apple platforms only; the client modules keep their
// data in files elsewhere.
#if canImport(Security)
import Foundation
import Security

/// Generic-password items of one Keychain service (and access group, when
/// given), each readable after the first unlock on this device only
/// (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`): never synchronised
/// nor restored on another device.
///
/// The one place the client modules call the Keychain: DigitalCards keeps
/// its secrets here, WalletExtensions its shared card records. Each says in
/// its own error what a ``KeychainRefusal`` means to its caller.
///
/// ```swift
/// let items = KeychainItems(service: "com.bank.wallet", accessGroup: nil)
/// try items.write(Data("secret".utf8), for: "key")
/// let data = try items.item("key") as? Data
/// ```
package struct KeychainItems: Sendable {
    /// The items' service (`kSecAttrService`).
    package let service: String
    /// The access group shared with the app's extensions (`kSecAttrAccessGroup`);
    /// `nil` for the app's default group.
    package let accessGroup: String?

    /// The items of `service` in `accessGroup`.
    package init(service: String, accessGroup: String?) {
        self.service = service
        self.accessGroup = accessGroup
    }

    private func query(_ account: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    /// What the Keychain answers for the data of `account`'s item (data, for
    /// an item this type wrote); `nil` when there is no such item.
    ///
    /// - Throws: ``KeychainRefusal`` with Security's status when the Keychain refuses the read.
    package func item(_ account: String) throws(KeychainRefusal) -> AnyObject? {
        var query = query(account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess: return result
        case errSecItemNotFound: return nil
        default: throw KeychainRefusal(status: status)
        }
    }

    /// Replaces the data of `account`'s item, or adds the item. An update
    /// sets the accessibility too, so an item always ends up on this device only.
    ///
    /// - Throws: ``KeychainRefusal`` with Security's status when the Keychain refuses the write.
    package func write(_ data: Data, for account: String) throws(KeychainRefusal) {
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        var status = SecItemUpdate(query(account) as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            let item = query(account).merging(attributes) { _, new in new }
            status = SecItemAdd(item as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw KeychainRefusal(status: status) }
    }

    /// Deletes `account`'s item; deleting an item that is not there succeeds.
    ///
    /// - Throws: ``KeychainRefusal`` with Security's status when the Keychain refuses the delete.
    package func delete(_ account: String) throws(KeychainRefusal) {
        let status = SecItemDelete(query(account) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainRefusal(status: status) }
    }
}
#endif
