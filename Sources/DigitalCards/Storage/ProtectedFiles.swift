import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owner-only files in one directory, each replaced atomically.
///
/// A write goes to a fresh temporary file created with mode 0600 (never
/// wider, not even for an instant, unlike `Data.write(options: .atomic)`),
/// is flushed to disk and then renamed over the old file, so a reader sees
/// either the old or the new contents, never half of one — also after a crash.
struct ProtectedFiles: Sendable {
    let directory: URL

    /// Makes the directory (mode 0700) if needed.
    init(directory: URL) throws(DigitalCardError) {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DigitalCardError(.storageFailure, "the storage directory cannot be created")
        }
    }

    func url(_ name: String) throws(DigitalCardError) -> URL {
        guard Self.isValidName(name) else { throw DigitalCardError(.storageFailure, "invalid storage item name") }
        return directory.appendingPathComponent(name, isDirectory: false)
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 200 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || scalar == "." || scalar == "-" || scalar == "_")
            }
    }

    func read(_ name: String) throws(DigitalCardError) -> Data? {
        let url = try url(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw DigitalCardError(.storageFailure, "a stored item cannot be read")
        }
    }

    func write(_ name: String, _ data: Data) throws(DigitalCardError) {
        let target = try url(name)
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp", isDirectory: false)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw DigitalCardError(.storageFailure, "a stored item cannot be written") }
        var failed = false
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glue.write(descriptor, base + offset, buffer.count - offset)
                if written <= 0 {
                    failed = true
                    return
                }
                offset += written
            }
        }
        if fsync(descriptor) != 0 { failed = true }
        close(descriptor)
        guard !failed, rename(temporary.path, target.path) == 0 else {
            unlink(temporary.path)
            throw DigitalCardError(.storageFailure, "a stored item cannot be written")
        }
    }

    func delete(_ name: String) throws(DigitalCardError) {
        let url = try url(name)
        if unlink(url.path) != 0 && errno != ENOENT {
            throw DigitalCardError(.storageFailure, "a stored item cannot be removed")
        }
    }

    /// Removes every item whose name starts with `prefix`.
    func deleteAll(prefix: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }
}

/// The C `write(2)`, out of reach of the `write` method's name.
private enum Glue {
    static func write(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(descriptor, pointer, count)
        #elseif canImport(Musl)
        return Musl.write(descriptor, pointer, count)
        #else
        return Glibc.write(descriptor, pointer, count)
        #endif
    }
}
