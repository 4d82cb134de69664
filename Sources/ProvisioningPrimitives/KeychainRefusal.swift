#if canImport(Security)
import Security

/// A Keychain call of ``KeychainItems`` that Security refused.
///
/// The code is Security's own status (an open set, like a `Code`): callers
/// turn it into their module's error and put it in the detail, as it names
/// no item data.
package struct KeychainRefusal: Error, Hashable, Sendable {
    /// Security's status (`OSStatus`), never `errSecSuccess`.
    package let status: OSStatus
}
#endif
