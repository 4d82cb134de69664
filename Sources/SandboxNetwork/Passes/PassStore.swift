import Foundation
import ProvisioningAPI
import ProvisioningService
import ProvisioningStorage

/// The payment passes on simulated devices (`sandbox_passes`), each backed by
/// one vault token. A pass's activation state is read from its token every
/// time, so it always follows the network: active → activated, inactive →
/// requires activation, suspended → suspended, deleted → deactivated.
struct PassStore: Sendable {
    let database: any SQLDatabase

    /// What a new pass shows besides its token.
    struct Display: Sendable {
        let primaryAccountIdentifier: String
        let paymentNetwork: CardSchemeName?
        let localizedDescription: String?
    }

    private static let selection = """
        SELECT p.serial_number, p.primary_account_identifier, p.pan_suffix, p.payment_network,
            p.localized_description, p.device_id, t.id AS token_id, t.token_suffix, t.state, d.name AS device_name
        FROM sandbox_passes p
        JOIN sandbox_tokens t ON t.id = p.token_id
        JOIN sandbox_devices d ON d.id = p.device_id
        """

    /// Creates the pass of a new token inside the caller's transaction.
    func create(for token: VaultToken, display: Display, now: Date, on executor: any SQLExecutor) async throws {
        try await executor.execute(
            """
            INSERT INTO sandbox_passes (serial_number, device_id, token_id, primary_account_identifier, pan_suffix,
                payment_network, localized_description, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(try Identifiers.make()), .text(token.deviceId), .text(token.id),
                .text(display.primaryAccountIdentifier), .text(token.panSuffix),
                display.paymentNetwork.map { .text($0.rawValue) } ?? .null,
                display.localizedDescription.map(SQLValue.text) ?? .null, .timestamp(now),
            ])
    }

    /// Every pass of a device, oldest first, deactivated ones included.
    func passes(deviceId: String) async throws -> [SandboxPass] {
        try await database.query(
            Self.selection + " WHERE p.device_id = ? ORDER BY p.created_at, p.serial_number", [.text(deviceId)]
        ).map(Self.pass(row:))
    }

    /// The pass with `serialNumber` on `deviceId`, or `nil`.
    func pass(serialNumber: String, deviceId: String) async throws -> (SandboxPass, tokenId: String)? {
        guard
            let row = try await database.queryFirst(
                Self.selection + " WHERE p.serial_number = ? AND p.device_id = ?",
                [.text(serialNumber), .text(deviceId)])
        else { return nil }
        return (try Self.pass(row: row), try row.decode(String.self, column: "token_id"))
    }

    /// The pass of a token, or `nil`.
    func pass(tokenId: String, on executor: (any SQLExecutor)? = nil) async throws -> SandboxPass? {
        try await (executor ?? database).queryFirst(Self.selection + " WHERE p.token_id = ?", [.text(tokenId)])
            .map(Self.pass(row:))
    }

    private static func pass(row: SQLRow) throws -> SandboxPass {
        guard let state = TokenState(rawValue: try row.decode(column: "state")) else {
            throw SandboxError(.corruptState, "a stored token has an unknown state")
        }
        return SandboxPass(
            serialNumber: try row.decode(column: "serial_number"),
            passTypeIdentifier: SandboxPass.paymentPassTypeIdentifier,
            primaryAccountIdentifier: try row.decode(column: "primary_account_identifier"),
            primaryAccountNumberSuffix: try row.decode(column: "pan_suffix"),
            deviceAccountIdentifier: try row.decode(column: "token_id"),
            deviceAccountNumberSuffix: try row.decode(column: "token_suffix"),
            activationState: SandboxPassActivationState(VaultToken.status(state)),
            deviceId: try row.decode(column: "device_id"), deviceName: try row.decode(column: "device_name"),
            paymentNetwork: try row.decode(String?.self, column: "payment_network").map(CardSchemeName.init(rawValue:)),
            localizedDescription: try row.decode(String?.self, column: "localized_description"))
    }
}
