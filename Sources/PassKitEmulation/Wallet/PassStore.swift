import Foundation
import ProvisioningAPI

/// The passes of each simulated device, kept in the wallet directory: one
/// JSON file per device (`passes/<deviceId>.json`, a `SandboxPassList`),
/// replaced atomically under an advisory lock so that processes sharing the
/// directory see whole lists only.
struct PassStore: Sendable {
    let directory: URL

    init(directory: URL) {
        self.directory = directory.appendingPathComponent("passes", isDirectory: true)
    }

    private func fileURL(deviceId: String) -> URL {
        directory.appendingPathComponent("\(Self.safeName(deviceId)).json")
    }

    private func lock(deviceId: String) -> FileLock {
        FileLock(url: directory.appendingPathComponent("\(Self.safeName(deviceId)).lock"))
    }

    /// Keeps a device id to the characters a file name may hold, since it comes
    /// from the sandbox.
    private static func safeName(_ id: String) -> String {
        String(id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }

    /// The device's passes; none when its file does not exist yet.
    func passes(deviceId: String) throws -> [SandboxPass] {
        try ensureDirectory()
        return try lock(deviceId: deviceId).withLock(exclusive: false) { try read(deviceId: deviceId) }
    }

    /// Replaces the device's whole list (after reading the sandbox).
    func replace(deviceId: String, with passes: [SandboxPass]) throws {
        try update(deviceId: deviceId) { $0 = passes }
    }

    /// Adds or replaces one pass, matched by serial number.
    func upsert(_ pass: SandboxPass, deviceId: String) throws {
        try update(deviceId: deviceId) { passes in
            if let index = passes.firstIndex(where: { $0.serialNumber == pass.serialNumber }) {
                passes[index] = pass
            } else {
                passes.append(pass)
            }
        }
    }

    /// Reads, changes and writes back the device's list under the exclusive
    /// lock, so that two processes never lose each other's passes.
    func update(deviceId: String, _ change: (inout [SandboxPass]) throws -> Void) throws {
        try ensureDirectory()
        try lock(deviceId: deviceId).withLock(exclusive: true) {
            var passes = try read(deviceId: deviceId)
            try change(&passes)
            let data: Data
            do {
                data = try JSONEncoder.provisioningAPI.encode(SandboxPassList(passes: passes))
            } catch {
                throw PassKitEmulationError(.storeFailure, "the pass list cannot be encoded")
            }
            do {
                try data.write(to: fileURL(deviceId: deviceId), options: .atomic)
            } catch {
                throw PassKitEmulationError(.storeFailure, "the pass list of a device cannot be written")
            }
        }
    }

    private func read(deviceId: String) throws -> [SandboxPass] {
        let url = fileURL(deviceId: deviceId)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        do {
            let data = try Data(contentsOf: url)
            return try JSONDecoder.provisioningAPI.decode(SandboxPassList.self, from: data).passes
        } catch {
            throw PassKitEmulationError(.storeFailure, "the pass list of a device cannot be read")
        }
    }

    private func ensureDirectory() throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw PassKitEmulationError(.storeFailure, "the pass directory cannot be created")
        }
    }
}
