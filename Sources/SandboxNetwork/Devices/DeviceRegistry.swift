import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningStorage

/// Registers simulated devices and finds them again (`sandbox_devices`).
struct DeviceRegistry: Sendable {
    /// The longest device name accepted, in UTF-8 bytes.
    static let maximumNameCharacters = 128

    let database: any SQLDatabase
    let clock: @Sendable () -> Date

    /// Registers a device and returns its new id.
    ///
    /// - Throws: ``SandboxError`` `invalidField` for an empty or long name, a key
    ///   that is not a 65-byte P-256 point, a Watch without a paired iPhone, or
    ///   an iPhone naming one; `unknownDevice` when the paired iPhone is unknown.
    func register(_ request: SandboxDeviceRegistrationRequest) async throws -> String {
        let name = request.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, request.name.unicodeScalars.count <= Self.maximumNameCharacters else {
            throw SandboxError(
                .invalidField, "the device name must be 1 to 128 characters, not only white space",
                fields: [FieldProblem(field: "/name", reason: name.isEmpty ? .missing : .tooLong)])
        }
        guard request.publicKey.count == 65, let key = try? P256.PublicKey(x963Representation: request.publicKey) else {
            throw SandboxError(
                .invalidField, "the public key must be an uncompressed P-256 point",
                fields: [FieldProblem(field: "/publicKey", reason: .malformed)])
        }
        switch (request.kind, request.pairedDeviceId) {
        case (.watch, nil):
            throw SandboxError(
                .invalidField, "a Watch names the iPhone it is paired with",
                fields: [FieldProblem(field: "/pairedDeviceId", reason: .missing)])
        case (.watch, let phoneId?):
            guard let phone = try await device(id: phoneId), phone.kind == .iPhone else {
                throw SandboxError(
                    .invalidField, "the paired device is not a registered iPhone",
                    fields: [FieldProblem(field: "/pairedDeviceId", reason: .unknownValue)])
            }
        case (.iPhone, .some):
            throw SandboxError(
                .invalidField, "an iPhone is not paired with another device",
                fields: [FieldProblem(field: "/pairedDeviceId", reason: .unsupported)])
        case (.iPhone, nil):
            break
        }
        let id = try Identifiers.make()
        try await database.execute(
            """
            INSERT INTO sandbox_devices (id, kind, name, public_key, paired_device_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .text(id), .text(request.kind.rawValue), .text(name), .blob(key.x963Representation),
                request.pairedDeviceId.map(SQLValue.text) ?? .null, .timestamp(clock()),
            ])
        return id
    }

    /// The device with `id`, or `nil`.
    func device(id: String, on executor: (any SQLExecutor)? = nil) async throws -> SandboxDevice? {
        guard
            let row = try await (executor ?? database).queryFirst(
                "SELECT id, kind, name, public_key, paired_device_id FROM sandbox_devices WHERE id = ?", [.text(id)])
        else { return nil }
        guard let kind = SandboxDeviceKind(rawValue: try row.decode(column: "kind")),
            let key = try? P256.PublicKey(x963Representation: try row.decode([UInt8].self, column: "public_key"))
        else { throw SandboxError(.corruptState, "a stored device cannot be read") }
        return SandboxDevice(
            id: try row.decode(column: "id"), kind: kind, name: try row.decode(column: "name"), publicKey: key,
            pairedDeviceId: try row.decode(String?.self, column: "paired_device_id"))
    }

    /// The device with `id`.
    /// - Throws: ``SandboxError`` `unknownDevice`.
    func requireDevice(id: String) async throws -> SandboxDevice {
        guard let device = try await device(id: id) else {
            throw SandboxError(.unknownDevice, "no sandbox device has this id")
        }
        return device
    }
}
