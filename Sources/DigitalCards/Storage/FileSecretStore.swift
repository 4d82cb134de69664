import Foundation

/// ``SecretStore`` in owner-only (0600) files of a 0700 directory, replaced
/// atomically: the store on platforms without a Keychain (Linux).
///
/// The files hold secrets in the clear, protected by file permissions only,
/// like the keys of any server process; on Apple platforms the SDK uses the
/// Keychain instead.
struct FileSecretStore: SecretStore {
    private let files: ProtectedFiles

    init(directory: URL) throws(DigitalCardError) {
        files = try ProtectedFiles(directory: directory)
    }

    func read(_ name: String) throws(DigitalCardError) -> Data? { try files.read(name) }
    func write(_ name: String, _ data: Data) throws(DigitalCardError) { try files.write(name, data) }
    func delete(_ name: String) throws(DigitalCardError) { try files.delete(name) }
}
