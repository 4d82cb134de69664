import Foundation
import ProvisioningCrypto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sandbox's master key: 32 random bytes in a file of the sandbox
/// directory, readable by its owner only.
///
/// Everything secret the sandbox keeps in the database (the CA private keys,
/// DPANs, the nonce of each add request) is sealed with AES-256-GCM under a key
/// derived from this one, one derived key per purpose, so the database alone
/// reveals nothing. Several processes sharing one database must share the
/// sandbox directory (or a copy of the file).
///
/// The file is created atomically: written to a temporary name and hard-linked
/// into place, so two processes starting together never see a half-written
/// key and both end up with the winner's.
struct SandboxMasterKey: Sendable {
    /// The file name inside the sandbox directory.
    static let fileName = "sandbox-master.key"
    static let byteCount = 32

    private let bytes: [UInt8]

    /// Reads the key file in `directory`, creating the directory and the file
    /// (mode 0600) when absent.
    static func loadOrCreate(in directory: URL) throws -> SandboxMasterKey {
        let manager = FileManager.default
        do {
            try manager.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SandboxError(.directoryUnusable, "the sandbox directory cannot be created")
        }
        let url = directory.appendingPathComponent(fileName)
        if let existing = try read(url) { return existing }
        let key = try SandboxMasterKey(bytes: SecureRandom.bytes(count: byteCount))
        let temporary = directory.appendingPathComponent(
            ".\(fileName).\(getpid()).\(UInt64.random(in: 0...UInt64.max))")
        try key.write(to: temporary)
        defer { unlink(temporary.path) }
        if link(temporary.path, url.path) != 0 && errno != EEXIST {
            throw SandboxError(.directoryUnusable, "the sandbox master key file cannot be created")
        }
        // Whoever won the race, the file now holds the key everyone uses.
        guard let stored = try read(url) else {
            throw SandboxError(.directoryUnusable, "the sandbox master key file cannot be read")
        }
        return stored
    }

    /// Reads the key file in `directory` without creating anything; `nil`
    /// when there is none.
    static func load(in directory: URL) throws -> SandboxMasterKey? {
        try read(directory.appendingPathComponent(fileName))
    }

    private static func read(_ url: URL) throws -> SandboxMasterKey? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = try? Data(contentsOf: url), data.count == byteCount else {
            throw SandboxError(.directoryUnusable, "the sandbox master key file is unreadable or not 32 bytes")
        }
        return SandboxMasterKey(bytes: [UInt8](data))
    }

    private func write(to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw SandboxError(.directoryUnusable, "the sandbox master key file cannot be written")
        }
        defer { close(descriptor) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do {
            try handle.write(contentsOf: Data(bytes))
            try handle.synchronize()
        } catch {
            throw SandboxError(.directoryUnusable, "the sandbox master key file cannot be written")
        }
    }

    /// A 32-byte key for one purpose, so that no two uses share a key.
    func derivedKey(_ purpose: String) throws -> [UInt8] {
        try HMACSHA256.authenticationCode(for: Array("pp-sandbox-v1:\(purpose)".utf8), key: bytes)
    }

    /// A short public identifier of the key, stored beside sealed data to tell
    /// "wrong master key" from "corrupt data".
    func identifier() throws -> String {
        Hex.encode(Array(try derivedKey("key-identifier").prefix(8)))
    }
}

/// AES-256-GCM sealing under one derived key: `iv ‖ ciphertext ‖ tag`, with the
/// purpose and the row's identity as associated data so a sealed value cannot
/// be moved to another row or column unnoticed.
struct SealingKey: Sendable {
    private let key: [UInt8]

    init(master: SandboxMasterKey, purpose: String) throws {
        key = try master.derivedKey("seal:\(purpose)")
    }

    func seal(_ plaintext: [UInt8], context: String) throws -> [UInt8] {
        let iv = try SecureRandom.bytes(count: AES256GCM.ivByteCount)
        return iv + (try AES256GCM.sealCombined(plaintext, key: key, iv: iv, aad: Array(context.utf8)))
    }

    func open(_ sealed: [UInt8], context: String) throws -> [UInt8] {
        guard sealed.count > AES256GCM.ivByteCount else {
            throw SandboxError(.corruptState, "sealed value is too short")
        }
        let iv = Array(sealed.prefix(AES256GCM.ivByteCount))
        return try AES256GCM.openCombined(
            Array(sealed.dropFirst(AES256GCM.ivByteCount)), key: key, iv: iv, aad: Array(context.utf8))
    }
}
