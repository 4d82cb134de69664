import Foundation

/// A label and value shown on the add-payment-pass sheet, as in PassKit
/// (iOS 10.1).
open class PKLabeledValue: NSObject {
    /// The label, for example "Card type".
    public let label: String
    /// The value, for example "Business".
    public let value: String

    /// Pairs a label with its value.
    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}
