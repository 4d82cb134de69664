import Foundation

// CoreFoundation's types as the Security stand-in takes them, spelled as the
// Foundation types they are toll-free bridged to on Apple platforms, so that
// issuer code's `query as CFDictionary`, `kSecClass as String` and
// `item as? Data` compile here as there. Linux's Foundation does not expose
// CoreFoundation's types.

/// CoreFoundation's string, bridged to `String` (`kSecClass as String`).
public typealias CFString = NSString
/// CoreFoundation's dictionary (`query as CFDictionary`).
public typealias CFDictionary = NSDictionary
/// CoreFoundation's data.
public typealias CFData = NSData
/// Any CoreFoundation object (`SecItemCopyMatching`'s result).
public typealias CFTypeRef = AnyObject
/// A Security (Carbon) status code: `errSecSuccess`, `errSecItemNotFound`…
public typealias OSStatus = Int32
