import Foundation
import Synchronization

/// The values seed 000 leaves as placeholders; the test fills them.
enum SeedValues {
    struct Values: Sendable {
        var serviceURL = ""
        var issuerId = ""
        var provisioningData: @Sendable (String) -> (payload: String, code: String) = { _ in ("", "") }
    }

    static let current = Mutex(Values())

    static var serviceURL: String { current.withLock { $0.serviceURL } }
    static var issuerId: String { current.withLock { $0.issuerId } }
    static var productId: String? { nil }
    static func encryptedPayload(_ cardID: String) -> String {
        current.withLock { $0.provisioningData }(cardID).payload
    }
    static func authorizationCode(_ cardID: String) -> String { current.withLock { $0.provisioningData }(cardID).code }
}
