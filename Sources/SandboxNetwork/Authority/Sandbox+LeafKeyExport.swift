import Foundation
import ProvisioningCrypto
import ProvisioningStorage

extension Sandbox {
    /// The sandbox leaf certificate's private key as PEM, for test tooling
    /// only (`tpc sandbox export-leaf-key`): an independent implementation
    /// (the Python interop check) decrypts the service's `encryptedPassData`
    /// with it, the way Apple's servers would.
    ///
    /// Reads the authority stored in `database` and opens it with the master
    /// key in `directory`; creates nothing. The key is the sandbox's own
    /// stand-in for Apple's — it protects nothing outside the sandbox — yet it
    /// is still a private key: the caller writes it only where it asked to.
    ///
    /// ```swift
    /// let pem = try await Sandbox.exportLeafPrivateKeyPEM(database: database, directory: sandboxDirectory)
    /// ```
    ///
    /// - Throws: ``SandboxError`` `directoryUnusable` (no master key in
    ///   `directory`), `corruptState` (no authority in the database yet: run
    ///   `tpc serve --sandbox` once), `masterKeyMismatch`; or a `StorageError`.
    package static func exportLeafPrivateKeyPEM(database: any SQLDatabase, directory: URL) async throws -> String {
        guard let masterKey = try SandboxMasterKey.load(in: directory) else {
            throw SandboxError(.directoryUnusable, "the sandbox directory has no master key")
        }
        guard
            let authority = try await SandboxCertificateAuthority.loadExisting(database: database, masterKey: masterKey)
        else {
            throw SandboxError(.corruptState, "the database holds no sandbox certificate authority yet")
        }
        return try authority.leafPrivateKey.pemRepresentation
    }
}
