import Foundation

// The Keychain subset issuer code uses (seed 000's saveToKeychain and
// loadFromKeychain): generic-password items added, updated, read and deleted
// with Security's functions, names and status codes, kept by
// ``SimulatedKeychain`` in files and separated by access group as the
// keychain separates them by `kSecAttrAccessGroup`.

/// The item class key; only ``kSecClassGenericPassword`` items are kept.
public var kSecClass: CFString { "class" }
/// Generic-password items.
public var kSecClassGenericPassword: CFString { "genp" }
/// The item's service.
public var kSecAttrService: CFString { "svce" }
/// The item's account.
public var kSecAttrAccount: CFString { "acct" }
/// The keychain access group the item belongs to (the App Group shared by
/// an app and its extensions).
public var kSecAttrAccessGroup: CFString { "agrp" }
/// When the item can be read; kept, not enforced (no lock screen).
public var kSecAttrAccessible: CFString { "pdmn" }
/// Readable after the first unlock, on this device only.
public var kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString { "cku" }
/// The item's secret data.
public var kSecValueData: CFString { "v_Data" }
/// Whether a search returns the item's data.
public var kSecReturnData: CFString { "r_Data" }
/// How many items a search returns.
public var kSecMatchLimit: CFString { "m_Limit" }
/// One item.
public var kSecMatchLimitOne: CFString { "m_LimitOne" }
/// All matching items.
public var kSecMatchLimitAll: CFString { "m_LimitAll" }

/// No error.
public var errSecSuccess: OSStatus { 0 }
/// A parameter was not valid (a query without a class, a class other than
/// generic password, data that is not `Data`).
public var errSecParam: OSStatus { -50 }
/// An item with the same primary key (access group, service, account)
/// already exists.
public var errSecDuplicateItem: OSStatus { -25299 }
/// No item matches.
public var errSecItemNotFound: OSStatus { -25300 }
/// The keychain's storage failed.
public var errSecIO: OSStatus { -36 }

/// Adds a generic-password item, as Security does; `errSecDuplicateItem`
/// when one with the same access group, service and account exists.
///
/// ```swift
/// let status = SecItemAdd(query as CFDictionary, nil)
/// if status == errSecDuplicateItem { … SecItemUpdate … }
/// ```
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    SimulatedKeychain.current.add(SimulatedKeychain.Query(attributes), result: result)
}

/// Replaces the data of the items `query` matches; `errSecItemNotFound` when
/// none does.
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    SimulatedKeychain.current.update(SimulatedKeychain.Query(query), with: SimulatedKeychain.Query(attributesToUpdate))
}

/// Finds the item `query` matches and, with `kSecReturnData`, hands its data
/// to `result`; `errSecItemNotFound` when none does.
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    SimulatedKeychain.current.copyMatching(SimulatedKeychain.Query(query), result: result)
}

/// Deletes the items `query` matches; `errSecItemNotFound` when none does.
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    SimulatedKeychain.current.delete(SimulatedKeychain.Query(query))
}
