// Seed 000 ("Extensiones de Push Provisioning"): the app's keychain helper,
// `saveToKeychain`, that fills the App Group keychain the extension's
// `loadFromKeychain` reads.
//
// Edits to the seed's code, all of them:
// 1. Imports: Security on Apple platforms, PassKitEmulation (its keychain
//    stand-in) elsewhere; the seed shows none.
// 2. Comments translated to English; layout as swift-format leaves it.
// 3. The update's status, which the seed never reads, is assigned to `_`,
//    so the target builds without warnings.
import Foundation

#if canImport(Security)
import Security
#else
import PassKitEmulation
#endif

// save the user's authentication data and the card's last4 (and other
// static data, e.g. cardholder name, etc..) in the keychain
// so that they can be accessed in the Wallet extensions
func saveToKeychain(key: String, value: String) {
    guard let valueData = value.data(using: .utf8) else {
        return
    }
    let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: "BankServiceKechain",
        kSecAttrAccessGroup as String: "group.com.thalesgroup.gemalto.tpcsdk.app",
        kSecAttrAccount as String: key,
    ]
    var addQuery = query
    addQuery[kSecValueData as String] = valueData
    let status = SecItemAdd(addQuery as CFDictionary, nil)

    if status == errSecDuplicateItem {
        let updatedData: [String: Any] = [kSecValueData as String: valueData]
        _ = SecItemUpdate(query as CFDictionary, updatedData as CFDictionary)
    }
}
