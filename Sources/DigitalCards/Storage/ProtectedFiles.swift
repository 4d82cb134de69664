import Foundation
import ProvisioningPrimitives

/// Owner-only files in one directory, each replaced atomically
/// (``OwnerOnlyFiles``), under names the wallet checks first: the files of
/// ``FileSecretStore`` and ``CardCache``.
struct ProtectedFiles: Sendable {
    private let files: OwnerOnlyFiles

    /// Makes the directory (mode 0700) if needed.
    init(directory: URL) throws(DigitalCardError) {
        do {
            files = try OwnerOnlyFiles(directory: directory)
        } catch {
            throw DigitalCardError(.storageFailure, "the storage directory cannot be created")
        }
    }

    private func checked(_ name: String) throws(DigitalCardError) -> String {
        guard Self.isValidName(name) else { throw DigitalCardError(.storageFailure, "invalid storage item name") }
        return name
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
        let name = try checked(name)
        do {
            return try files.read(name)
        } catch {
            throw DigitalCardError(.storageFailure, "a stored item cannot be read")
        }
    }

    func write(_ name: String, _ data: Data) throws(DigitalCardError) {
        let name = try checked(name)
        do {
            try files.write(data, to: name)
        } catch {
            throw DigitalCardError(.storageFailure, "a stored item cannot be written")
        }
    }

    func delete(_ name: String) throws(DigitalCardError) {
        let name = try checked(name)
        do {
            try files.delete(name)
        } catch {
            throw DigitalCardError(.storageFailure, "a stored item cannot be removed")
        }
    }

    /// Removes every item whose name starts with `prefix`.
    func deleteAll(prefix: String) {
        files.deleteAll(prefix: prefix)
    }
}
