import Foundation
import PassKitEmulation
import Testing

/// The Keychain stand-in answers as Security does for generic passwords.
@Suite(.timeLimit(.minutes(3)))
struct SimulatedKeychainTests {
    private func query(group: String, account: String = "card-1_Last4") -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "BankService",
            kSecAttrAccessGroup as String: group, kSecAttrAccount as String: account,
        ]
    }

    private func read(_ query: [String: Any]) -> (OSStatus, String?) {
        var request = query
        request[kSecReturnData as String] = true
        var item: AnyObject?
        let status = SecItemCopyMatching(request as CFDictionary, &item)
        return (status, (item as? Data).flatMap { String(data: $0, encoding: .utf8) })
    }

    @Test("add, duplicate, update, read, delete: Security's status codes")
    func itemLifecycle() {
        let group = "group.tests.\(UUID().uuidString)"
        var add = query(group: group)
        add[kSecValueData as String] = Data("1234".utf8)
        #expect(SecItemAdd(add as CFDictionary, nil) == errSecSuccess)
        #expect(SecItemAdd(add as CFDictionary, nil) == errSecDuplicateItem)
        #expect(read(query(group: group)) == (errSecSuccess, "1234"))

        let update: [String: Any] = [kSecValueData as String: Data("5678".utf8)]
        #expect(SecItemUpdate(query(group: group) as CFDictionary, update as CFDictionary) == errSecSuccess)
        #expect(read(query(group: group)) == (errSecSuccess, "5678"))
        #expect(
            SecItemUpdate(query(group: group, account: "other") as CFDictionary, update as CFDictionary)
                == errSecItemNotFound)

        #expect(SecItemDelete(query(group: group) as CFDictionary) == errSecSuccess)
        #expect(read(query(group: group)).0 == errSecItemNotFound)
        #expect(SecItemDelete(query(group: group) as CFDictionary) == errSecItemNotFound)
    }

    @Test("an access group sees only its own items")
    func accessGroupsAreSeparate() {
        let shared = "group.tests.\(UUID().uuidString)"
        let other = "group.tests.\(UUID().uuidString)"
        var add = query(group: shared)
        add[kSecValueData as String] = Data("1234".utf8)
        #expect(SecItemAdd(add as CFDictionary, nil) == errSecSuccess)
        #expect(read(query(group: other)).0 == errSecItemNotFound)
        #expect(read(query(group: shared)) == (errSecSuccess, "1234"))
        _ = SecItemDelete(query(group: shared) as CFDictionary)
    }

    @Test("a query without a class, or with data that is not Data, is refused")
    func badQueriesAreRefused() {
        let noClass: [String: Any] = [kSecAttrAccount as String: "x", kSecValueData as String: Data()]
        #expect(SecItemAdd(noClass as CFDictionary, nil) == errSecParam)
        var wrongData = query(group: "group.tests.bad")
        wrongData[kSecValueData as String] = "not data"
        #expect(SecItemAdd(wrongData as CFDictionary, nil) == errSecParam)
    }
}
