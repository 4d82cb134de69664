import Foundation

/// How many payments a digital card can still make before replenishment.
package struct PaymentKeyStatus: Codable, Hashable, Sendable {
    /// Unused keys of the main network.
    package var numberOfPaymentsLeft: Int
    /// Whether the count fell below the service's threshold.
    package var needsReplenishment: Bool
    /// The kind of keys.
    package var keyType: PaymentKeyType
    /// When the current keys expire (`nil` for keys without expiry).
    package var keyExpiry: Date?
    /// Dual-brand: unused keys of the auxiliary network.
    package var auxiliaryNumberOfPaymentsLeft: Int?
    /// The service's threshold: ``needsReplenishment`` is true when
    /// ``numberOfPaymentsLeft`` (or ``auxiliaryNumberOfPaymentsLeft``) is below it.
    package var replenishmentThreshold: Int

    package init(
        numberOfPaymentsLeft: Int,
        needsReplenishment: Bool,
        keyType: PaymentKeyType,
        keyExpiry: Date? = nil,
        auxiliaryNumberOfPaymentsLeft: Int? = nil,
        replenishmentThreshold: Int = 3
    ) {
        self.numberOfPaymentsLeft = numberOfPaymentsLeft
        self.needsReplenishment = needsReplenishment
        self.keyType = keyType
        self.keyExpiry = keyExpiry
        self.auxiliaryNumberOfPaymentsLeft = auxiliaryNumberOfPaymentsLeft
        self.replenishmentThreshold = replenishmentThreshold
    }
}
