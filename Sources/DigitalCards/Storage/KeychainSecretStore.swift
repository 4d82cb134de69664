// The Keychain exists on Apple platforms only; elsewhere FileSecretStore is used.
#if canImport(Security)
import Foundation
import Security

/// ``SecretStore`` in the Keychain: generic-password items of one service,
/// readable after the first unlock, never synchronised nor restored on
/// another device (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`), so
/// payment keys stay on the device they were encrypted for.
struct KeychainSecretStore: SecretStore {
    let service: String
    let accessGroup: String?

    private func query(_ name: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: name,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    func read(_ name: String) throws(DigitalCardError) -> Data? {
        var query = query(name)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data else {
                throw DigitalCardError(.storageFailure, "a Keychain item has an unexpected type")
            }
            return data
        case errSecItemNotFound:
            return nil
        default:
            throw DigitalCardError(.storageFailure, "the Keychain refused a read (status \(status))")
        }
    }

    func write(_ name: String, _ data: Data) throws(DigitalCardError) {
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        var status = SecItemUpdate(query(name) as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            let item = query(name).merging(attributes) { _, new in new }
            status = SecItemAdd(item as CFDictionary, nil)
        }
        guard status == errSecSuccess else {
            throw DigitalCardError(.storageFailure, "the Keychain refused a write (status \(status))")
        }
    }

    func delete(_ name: String) throws(DigitalCardError) {
        let status = SecItemDelete(query(name) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw DigitalCardError(.storageFailure, "the Keychain refused a delete (status \(status))")
        }
    }
}
#endif
