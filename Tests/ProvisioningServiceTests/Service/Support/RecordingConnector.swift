import Foundation
import ProvisioningAPI
import ProvisioningService
import Synchronization

/// A card network double: records every command and answers with the action's
/// target state, or with the scripted errors first.
final class RecordingConnector: TokenServiceConnector, Sendable {
    private let state = Mutex<(commands: [TokenStateChangeCommand], failures: [ServiceError])>(([], []))
    private let idempotent = Mutex(true)

    var commands: [TokenStateChangeCommand] { state.withLock { $0.commands } }

    /// What ``changesAreIdempotent(_:)`` answers: `true` unless set.
    func setIdempotent(_ value: Bool) {
        idempotent.withLock { $0 = value }
    }

    func changesAreIdempotent(_ command: TokenStateChangeCommand) -> Bool {
        idempotent.withLock { $0 }
    }

    /// The next calls fail with these errors, in order.
    func failNext(with errors: [ServiceError]) {
        state.withLock { $0.failures = errors }
    }

    func changeTokenState(_ command: TokenStateChangeCommand) async throws -> NetworkToken {
        let failure: ServiceError? = state.withLock { state in
            state.commands.append(command)
            return state.failures.isEmpty ? nil : state.failures.removeFirst()
        }
        if let failure { throw failure }
        return NetworkToken(
            issuerId: command.issuerId, tokenId: command.tokenId, state: command.action.targetState,
            tokenRequestorId: command.tokenRequestorId)
    }

    func token(issuerId: String, tokenId: String, scheme: CardScheme) async throws -> NetworkToken? { nil }
}
