import Foundation
import ProvisioningAPI

enum NotificationSignatureSupport {
    static func payload(timestamp: Int64, body: Data) -> [UInt8] {
        Array(NotificationSignature.signedPayload(timestamp: timestamp, body: body))
    }
}
