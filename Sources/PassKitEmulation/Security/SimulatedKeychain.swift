import Foundation
import Synchronization

/// The keychain behind the emulation's `SecItem…` functions: generic-password
/// items in files, one directory per access group, so that an app and its
/// Wallet extensions share exactly the groups they name, as on a device.
///
/// The current keychain is the current simulated wallet's device keychain
/// (`keychain/` in its directory, ``SimulatedWallet/current``), else one of
/// this process in the temporary directory. Items the query names no
/// access group for go to ``defaultAccessGroup``.
///
/// ```swift
/// let keychain = SimulatedKeychain(directory: deviceDirectory.appendingPathComponent("keychain"))
/// ```
public struct SimulatedKeychain: Sendable {
    /// Where the items live.
    public let directory: URL

    /// The access group of items added without `kSecAttrAccessGroup` (on iOS,
    /// the app's first group).
    public static let defaultAccessGroup = "default"

    /// Uses the items under `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The keychain `SecItem…` use now.
    public static var current: SimulatedKeychain {
        if let wallet = SimulatedWallet.current {
            return SimulatedKeychain(directory: wallet.directory.appendingPathComponent("keychain", isDirectory: true))
        }
        return processKeychain
    }

    private static let processKeychain = SimulatedKeychain(
        directory: FileManager.default.temporaryDirectory.appendingPathComponent(
            "simulated-keychain-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true))

    /// One process's calls are serialized; two processes writing one item
    /// keep the last write, each of them whole (atomic file replacement).
    private static let lock = Mutex(())

    /// The attributes of a query or an item, read from Security's dictionary.
    struct Query: Sendable {
        var itemClass: String?
        var service: String?
        var account: String?
        var accessGroup: String?
        var data: Data?
        var returnsData = false
        var valid = true

        init(_ dictionary: CFDictionary) {
            let (classKey, serviceKey, accountKey) = (
                kSecClass as String, kSecAttrService as String, kSecAttrAccount as String
            )
            let (groupKey, dataKey, returnKey) = (
                kSecAttrAccessGroup as String, kSecValueData as String, kSecReturnData as String
            )
            for case (let key as String, let value) in dictionary as? [AnyHashable: Any] ?? [:] {
                switch key {
                case classKey: itemClass = Self.string(value)
                case serviceKey: service = Self.string(value)
                case accountKey: account = Self.string(value)
                case groupKey: accessGroup = Self.string(value)
                case dataKey:
                    data = value as? Data
                    if data == nil { valid = false }
                case returnKey: returnsData = (value as? Bool) ?? false
                default: break
                }
            }
        }

        /// A string attribute, given as `String` or as Security's `CFString`.
        private static func string(_ value: Any) -> String? {
            (value as? String) ?? (value as? NSString).map { $0 as String }
        }
    }

    private func groupDirectory(_ group: String?) -> URL {
        directory.appendingPathComponent(Self.safe(group ?? Self.defaultAccessGroup), isDirectory: true)
    }

    private func itemURL(group: String?, service: String, account: String) -> URL {
        groupDirectory(group).appendingPathComponent(Self.safe(service), isDirectory: true)
            .appendingPathComponent(Self.safe(account) + ".item")
    }

    /// File names from attribute values, with anything but letters, digits,
    /// `.`, `-` and `_` percent-escaped.
    private static func safe(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: ".-_")
        let escaped = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "_"
        return escaped.isEmpty || escaped.hasPrefix(".") ? "%" + escaped : escaped
    }

    /// The items a query matches: in its group (or the default one), of its
    /// service and account when it names them.
    private func matches(_ query: Query) -> [URL] {
        let fileManager = FileManager.default
        let group = groupDirectory(query.accessGroup)
        let services =
            query.service.map { [group.appendingPathComponent(Self.safe($0), isDirectory: true)] }
            ?? ((try? fileManager.contentsOfDirectory(at: group, includingPropertiesForKeys: nil)) ?? [])
        return services.flatMap { service -> [URL] in
            if let account = query.account {
                let url = service.appendingPathComponent(Self.safe(account) + ".item")
                return fileManager.fileExists(atPath: url.path) ? [url] : []
            }
            return ((try? fileManager.contentsOfDirectory(at: service, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "item" }.sorted { $0.path < $1.path }
        }
    }

    private func write(_ data: Data, to url: URL) -> OSStatus {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try data.write(to: url, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
            return errSecSuccess
        } catch {
            return errSecIO
        }
    }

    func add(_ item: Query, result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
        guard item.valid, item.itemClass == (kSecClassGenericPassword as String), let account = item.account else {
            return errSecParam
        }
        let url = itemURL(group: item.accessGroup, service: item.service ?? "", account: account)
        return Self.lock.withLock { _ in
            guard !FileManager.default.fileExists(atPath: url.path) else { return errSecDuplicateItem }
            let status = write(item.data ?? Data(), to: url)
            if status == errSecSuccess, item.returnsData, let result {
                result.pointee = (item.data ?? Data()) as NSData
            }
            return status
        }
    }

    func update(_ query: Query, with attributes: Query) -> OSStatus {
        guard query.valid, attributes.valid, query.itemClass == (kSecClassGenericPassword as String) else {
            return errSecParam
        }
        return Self.lock.withLock { _ in
            let found = matches(query)
            guard !found.isEmpty else { return errSecItemNotFound }
            guard let data = attributes.data else { return errSecSuccess }
            for url in found {
                let status = write(data, to: url)
                guard status == errSecSuccess else { return status }
            }
            return errSecSuccess
        }
    }

    func copyMatching(_ query: Query, result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
        guard query.valid, query.itemClass == (kSecClassGenericPassword as String) else { return errSecParam }
        return Self.lock.withLock { _ in
            guard let url = matches(query).first else { return errSecItemNotFound }
            guard let data = try? Data(contentsOf: url) else { return errSecIO }
            if query.returnsData, let result { result.pointee = data as NSData }
            return errSecSuccess
        }
    }

    func delete(_ query: Query) -> OSStatus {
        guard query.valid, query.itemClass == (kSecClassGenericPassword as String) else { return errSecParam }
        return Self.lock.withLock { _ in
            let found = matches(query)
            guard !found.isEmpty else { return errSecItemNotFound }
            for url in found { try? FileManager.default.removeItem(at: url) }
            return errSecSuccess
        }
    }
}
