import Foundation

extension PaymentKeyStatus {
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
