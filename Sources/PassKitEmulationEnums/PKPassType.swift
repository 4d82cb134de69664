/// The kinds of pass a `PKPassLibrary` can list, as in PassKit; not frozen,
/// as Apple's.
///
/// Written as a hand-made `RawRepresentable` rather than a raw-value enum
/// because Apple's `.any` is `~0` (`UInt.max`), which is not a literal that
/// fits every platform's `UInt`.
///
/// ```swift
/// let cards = PKPassLibrary().passes(of: .secureElement)
/// ```
public enum PKPassType: RawRepresentable, Hashable, Sendable {
    /// A pass with a barcode (boarding pass, ticket, coupon).
    case barcode
    /// A pass backed by the secure element: payment cards, transit, access.
    case secureElement
    /// Every kind of pass.
    case any

    /// The secure-element kind under its pre-iOS 13.4 name.
    @available(*, deprecated, renamed: "secureElement")
    public static var payment: PKPassType { .secureElement }

    /// Apple's values: `0`, `1` and `~0`.
    public init?(rawValue: UInt) {
        switch rawValue {
        case 0: self = .barcode
        case 1: self = .secureElement
        case .max: self = .any
        default: return nil
        }
    }

    /// Apple's value of this kind.
    public var rawValue: UInt {
        switch self {
        case .barcode: 0
        case .secureElement: 1
        case .any: .max
        }
    }
}
