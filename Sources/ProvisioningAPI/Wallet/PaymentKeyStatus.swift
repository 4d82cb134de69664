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

    /// The status of `numberOfPaymentsLeft` usable keys (and, on a dual-brand
    /// card, `auxiliaryNumberOfPaymentsLeft`) against `replenishmentThreshold`.
    ///
    /// The one place the replenishment rule is written: the service's answer
    /// and the device's own count both come through it, so the two cannot
    /// disagree about when a card needs keys.
    package init(
        numberOfPaymentsLeft: Int,
        auxiliaryNumberOfPaymentsLeft: Int? = nil,
        keyType: PaymentKeyType,
        keyExpiry: Date? = nil,
        replenishmentThreshold: Int = 3
    ) {
        self.numberOfPaymentsLeft = numberOfPaymentsLeft
        self.auxiliaryNumberOfPaymentsLeft = auxiliaryNumberOfPaymentsLeft
        self.needsReplenishment =
            numberOfPaymentsLeft < replenishmentThreshold
            || (auxiliaryNumberOfPaymentsLeft.map { $0 < replenishmentThreshold } ?? false)
        self.keyType = keyType
        self.keyExpiry = keyExpiry
        self.replenishmentThreshold = replenishmentThreshold
    }
}
