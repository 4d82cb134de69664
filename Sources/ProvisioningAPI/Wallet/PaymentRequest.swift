import Foundation

extension PaymentRequest {
    /// The first line of ``transactionData``.
    public static let transactionDataVersion = "TPC-CRYPTOGRAM-1"

    /// The canonical bytes the cryptogram covers: UTF-8 lines joined by `\n`
    /// (no trailing newline):
    ///
    /// ```text
    /// TPC-CRYPTOGRAM-1
    /// <cardId>
    /// <keyId>
    /// <amount, decimal>
    /// <currency>
    /// <merchantName, or empty>
    /// <unpredictableNumber, lower-case hex>
    /// <transactionDate, whole Unix seconds (floor)>
    /// ```
    ///
    /// Both the device and the network build it with this property, so the
    /// format cannot drift between them.
    public var transactionData: Data {
        let seconds = Int64(transactionDate.timeIntervalSince1970.rounded(.down))
        let hex = unpredictableNumber.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        let lines = [
            Self.transactionDataVersion, cardId, keyId, String(amount), currency, merchantName ?? "", hex,
            String(seconds),
        ]
        return Data(lines.joined(separator: "\n").utf8)
    }
}
