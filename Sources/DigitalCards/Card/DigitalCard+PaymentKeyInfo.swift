import Foundation
import ProvisioningAPI

extension DigitalCard {
    /// The payment keys this device holds for a card.
    ///
    /// Counted on the device — a payment can only use a key the device has —
    /// against the service's replenishment threshold. A card whose keys were
    /// never fetched (inactive, or just restored) has none and needs replenishment.
    public struct PaymentKeyInfo: Hashable, Sendable {
        /// Usable keys of the main network: the payments left before replenishment.
        public var numberOfPaymentsLeft: Int
        /// Whether the main (or auxiliary) count is below ``replenishmentThreshold``.
        public var needsReplenishment: Bool
        /// The kind of keys.
        public var keyType: KeyType
        /// When the earliest usable key of the main network expires (`nil`
        /// when the keys do not expire or there are none).
        public var keyExpiry: Date?
        /// Dual-brand: usable keys of the auxiliary network; `nil` otherwise.
        public var auxiliaryNumberOfPaymentsLeft: Int?
        /// The service's threshold below which keys should be replenished.
        public var replenishmentThreshold: Int

        public init(
            numberOfPaymentsLeft: Int, needsReplenishment: Bool, keyType: KeyType, keyExpiry: Date?,
            auxiliaryNumberOfPaymentsLeft: Int?, replenishmentThreshold: Int
        ) {
            self.numberOfPaymentsLeft = numberOfPaymentsLeft
            self.needsReplenishment = needsReplenishment
            self.keyType = keyType
            self.keyExpiry = keyExpiry
            self.auxiliaryNumberOfPaymentsLeft = auxiliaryNumberOfPaymentsLeft
            self.replenishmentThreshold = replenishmentThreshold
        }

        /// The status the wire (or the device's own count) gives, under the
        /// one replenishment rule ``PaymentKeyStatus`` holds.
        init(_ status: PaymentKeyStatus) {
            self.init(
                numberOfPaymentsLeft: status.numberOfPaymentsLeft, needsReplenishment: status.needsReplenishment,
                keyType: status.keyType, keyExpiry: status.keyExpiry,
                auxiliaryNumberOfPaymentsLeft: status.auxiliaryNumberOfPaymentsLeft,
                replenishmentThreshold: status.replenishmentThreshold)
        }
    }
}
