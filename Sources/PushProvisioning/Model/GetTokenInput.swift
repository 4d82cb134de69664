/// What ``TPCSDK/getToken(input:completion:)`` looks for: the funding card's
/// last four digits, or the serial number of a pass (from Wallet's deep link).
///
/// ```swift
/// TPCSDK.getToken(input: GetTokenInput(last4: "1234")) { localPass, remotePass, error in … }
/// TPCSDK.getToken(input: GetTokenInput(serialNumber: serial)) { localPass, remotePass, error in … }
/// ```
public struct GetTokenInput: Hashable, Sendable, CustomStringConvertible {
    /// How a pass is matched.
    public enum Criterion: Hashable, Sendable {
        /// `primaryAccountNumberSuffix` equals the value.
        case last4(String)
        /// `serialNumber` equals the value.
        case serialNumber(String)
    }

    /// The criterion.
    public let criterion: Criterion

    /// Matches passes whose funding PAN ends with `last4`.
    public init(last4: String) {
        criterion = .last4(last4)
    }

    /// Matches the pass with this serial number (since SDK 2.3.0).
    public init(serialNumber: String) {
        criterion = .serialNumber(serialNumber)
    }

    /// The last four digits, when matching by suffix.
    public var last4: String? {
        if case .last4(let value) = criterion { return value }
        return nil
    }

    /// The serial number, when matching by serial number.
    public var serialNumber: String? {
        if case .serialNumber(let value) = criterion { return value }
        return nil
    }

    public var description: String {
        switch criterion {
        case .last4: "GetTokenInput(last4)"
        case .serialNumber: "GetTokenInput(serialNumber)"
        }
    }

    /// Checks the value's shape: four digits, or a non-empty serial number.
    func validate() throws(TPCError) {
        switch criterion {
        case .last4(let value):
            guard value.count == 4, value.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw TPCError(.invalidArgument, "last4 must be four digits")
            }
        case .serialNumber(let value):
            guard !value.isEmpty, value.count <= 256 else {
                throw TPCError(.invalidArgument, "the serial number is empty or too long")
            }
        }
    }
}
