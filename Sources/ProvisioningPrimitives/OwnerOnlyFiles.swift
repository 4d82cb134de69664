import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owner-only files in one directory (mode 0700), each replaced atomically:
/// the file stores of the client modules (DigitalCards' secrets and cache,
/// WalletExtensions' card records) are built on it.
///
/// A write goes to a fresh temporary file created with mode 0600 (never
/// wider, not even for an instant, unlike `Data.write(options: .atomic)`),
/// is flushed to disk and then renamed over the old file, so a reader sees
/// either the old or the new contents, never half of one — also after a
/// crash. Names are used as given: a caller that takes them from outside
/// checks them first. Each caller says in its own error what a
/// ``Failure`` means.
///
/// ```swift
/// let files = try OwnerOnlyFiles(directory: directory)
/// try files.write(Data("secret".utf8), to: "key")
/// let data = try files.read("key")
/// ```
package struct OwnerOnlyFiles: Sendable {
    /// A file operation that failed, by the step that failed.
    package struct Failure: Error, Hashable, Sendable {
        /// The step of an ``OwnerOnlyFiles`` operation.
        package enum Step: Hashable, Sendable {
            /// Creating the directory.
            case createDirectory
            /// Opening a file to read it.
            case open
            /// Reading an open file.
            case read
            /// Creating the temporary file of a write.
            case create
            /// Writing, flushing or renaming the temporary file.
            case write
            /// Deleting a file.
            case remove
        }

        /// What failed.
        package let step: Step
    }

    /// The directory holding the files.
    package let directory: URL

    /// Uses `directory`, creating it (mode 0700) when missing.
    ///
    /// - Throws: ``Failure`` at ``Failure/Step/createDirectory`` when it cannot be created.
    package init(directory: URL) throws(Failure) {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(step: .createDirectory)
        }
    }

    private func url(_ name: String) -> URL {
        directory.appendingPathComponent(name, isDirectory: false)
    }

    /// The contents of file `name`, or `nil` when there is none.
    ///
    /// - Throws: ``Failure`` at ``Failure/Step/open`` or ``Failure/Step/read``.
    package func read(_ name: String) throws(Failure) -> Data? {
        let descriptor = open(url(name).path, O_RDONLY)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure(step: .open)
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(step: .read)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Replaces (or creates) file `name` with `data`.
    ///
    /// - Throws: ``Failure`` at ``Failure/Step/create`` or ``Failure/Step/write``;
    ///   the old contents are then intact.
    package func write(_ data: Data, to name: String) throws(Failure) {
        let temporary = url(".\(name).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Failure(step: .create) }
        let complete: Bool = data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                // A write that makes no progress will not make any: give up rather than spin.
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard complete, synced, rename(temporary.path, url(name).path) == 0 else {
            unlink(temporary.path)
            throw Failure(step: .write)
        }
    }

    /// Deletes file `name`; deleting a file that is not there succeeds.
    ///
    /// - Throws: ``Failure`` at ``Failure/Step/remove``.
    package func delete(_ name: String) throws(Failure) {
        guard unlink(url(name).path) == 0 || errno == ENOENT else { throw Failure(step: .remove) }
    }

    /// Deletes every file whose name starts with `prefix`, as far as it can.
    package func deleteAll(prefix: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            unlink(url(name).path)
        }
    }
}

// `read(2)` and `write(2)`, out of reach of the methods' names inside the type.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
