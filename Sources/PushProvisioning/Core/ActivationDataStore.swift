import Foundation

/// Keeps the activation data the service returned with each provisioned pass,
/// for ``TPCSDK/activatePass(pass:card:authorizationCode:nonce:completion:)``.
///
/// Wallet's `activate(_:activationData:)` needs the network's activation
/// value for the pass. In this system the service makes it when it answers
/// the provisioning request (it is bound to that request's nonce and carries
/// the provisioning id), and no endpoint hands it out later; so the SDK keeps
/// the value from the answer and files it under the pass's
/// `deviceAccountIdentifier` once Wallet reports the new pass. The value is
/// single-use and useless without the pass, but it is still kept out of logs;
/// in a directory it is written with owner-only permissions.
actor ActivationDataStore {
    private var values: [String: Data] = [:]
    private let file: URL?

    /// A store in memory, or in `directory/activation-data.json`.
    init(directory: URL?) {
        file = directory?.appendingPathComponent("activation-data.json")
        if let file, let data = try? Data(contentsOf: file),
            let stored = try? JSONDecoder().decode([String: Data].self, from: data)
        {
            values = stored
        }
    }

    /// Files `activationData` under a token id.
    func store(_ activationData: Data, forToken deviceAccountIdentifier: String) {
        values[deviceAccountIdentifier] = activationData
        persist()
    }

    /// The activation data of a token, if the SDK provisioned it.
    func activationData(forToken deviceAccountIdentifier: String) -> Data? {
        values[deviceAccountIdentifier]
    }

    /// Forgets a token's activation data (after use: it is single-use).
    func remove(forToken deviceAccountIdentifier: String) {
        guard values.removeValue(forKey: deviceAccountIdentifier) != nil else { return }
        persist()
    }

    private func persist() {
        guard let file else { return }
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(values)
            try data.write(to: file, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        } catch {
            // Best effort: the value stays in memory for this launch, and
            // activation can still go through the service with a code.
        }
    }
}
