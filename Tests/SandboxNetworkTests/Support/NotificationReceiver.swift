import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningHTTP
import Synchronization

/// A stand-in for the service's notification endpoint: an in-process HTTP
/// server that checks each notification's signature with the issuer's secret
/// (as the service does) and records what it accepted. While ``isDown`` is set
/// it answers 503 without recording anything.
final class NotificationReceiver: Sendable {
    struct Received: Sendable {
        let network: String
        let notification: TokenEventNotification
        let provisioningId: String?
    }

    private struct State {
        var received: [Received] = []
        var refusedSignatures = 0
        var isDown = false
    }

    let basePath = "/mg/tpc"
    private let state = Mutex(State())
    private let secrets: [String: [UInt8]]
    private let clock: @Sendable () -> Date

    init(secrets: [String: [UInt8]], clock: @escaping @Sendable () -> Date) {
        self.secrets = secrets
        self.clock = clock
    }

    var received: [Received] { state.withLock { $0.received } }
    var refusedSignatures: Int { state.withLock { $0.refusedSignatures } }

    func setDown(_ down: Bool) {
        state.withLock { $0.isDown = down }
    }

    /// Adds the notification route to `router` (which may also carry the
    /// sandbox's routes).
    func register(on router: inout Router) {
        router.post(basePath + "/v1/networks/:network/notifications") { request in
            try self.handle(request)
        }
    }

    private func handle(_ request: HTTPRequest) throws -> HTTPResponse {
        if state.withLock({ $0.isDown }) { return .empty(status: .serviceUnavailable) }
        let body = Data(request.body)
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let issuerId = object["issuerId"] as? String, let secret = secrets[issuerId],
            let header = request.headers[NotificationSignature.headerName],
            let signature = NotificationSignature(headerValue: header),
            signature.isFresh(at: clock())
        else {
            state.withLock { $0.refusedSignatures += 1 }
            return .empty(status: .unauthorized)
        }
        let payload = Array(NotificationSignature.signedPayload(timestamp: signature.timestamp, body: body))
        let valid = signature.signatures.contains { hex in
            guard let mac = try? Hex.decode(hex) else { return false }
            return HMACSHA256.isValidAuthenticationCode(mac, for: payload, key: secret)
        }
        guard valid else {
            state.withLock { $0.refusedSignatures += 1 }
            return .empty(status: .unauthorized)
        }
        let notification = try JSONDecoder.provisioningAPI.decode(TokenEventNotification.self, from: body)
        let received = Received(
            network: try request.pathParameters.require("network"), notification: notification,
            provisioningId: object["provisioningId"] as? String)
        state.withLock { $0.received.append(received) }
        return try .json(TokenEventReceipt(eventId: notification.eventId, duplicate: false), status: .accepted)
    }
}
