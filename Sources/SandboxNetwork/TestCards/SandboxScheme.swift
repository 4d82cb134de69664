/// A card network the sandbox plays. Raw values are the wire names the service
/// and the SDK use ("VISA", "MASTERCARD"…).
package enum SandboxScheme: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case visa = "VISA"
    case mastercard = "MASTERCARD"
    case amex = "AMEX"
    case discover = "DISCOVER"
    case pure = "PURE"
    case pagoBancomat = "PAGOBANCOMAT"

    package var description: String { rawValue }
}
