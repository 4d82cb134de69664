/// The Luhn (mod 10) check used by payment card numbers (ISO/IEC 7812-1, annex B).
///
/// The check catches every single-digit error and most adjacent transpositions;
/// it is a typing check, not a security property.
///
/// ```swift
/// Luhn.isValid("4111111111111111")        // true
/// Luhn.checkDigit(forPayload: "411111111111111")  // 1
/// ```
package enum Luhn {
    /// Whether `number` is made of ASCII digits only, has at least two of them,
    /// and its last digit is the Luhn check digit of the ones before it.
    ///
    /// Returns `false` for an empty string, a single digit, or any non-digit
    /// character (spaces and dashes included): callers normalise first.
    package static func isValid(_ number: some StringProtocol) -> Bool {
        guard let digits = asciiDigits(number), digits.count >= 2 else { return false }
        return sum(of: digits, doublingFromRightmost: false) % 10 == 0
    }

    /// The check digit (0–9) that makes `payload` followed by it Luhn-valid, or
    /// `nil` when `payload` is empty or holds anything but ASCII digits.
    ///
    /// Use this to build test numbers: `payload + String(checkDigit)`.
    package static func checkDigit(forPayload payload: some StringProtocol) -> Int? {
        guard let digits = asciiDigits(payload), !digits.isEmpty else { return nil }
        // With the check digit still to come, the payload's rightmost digit is the
        // second from the right of the final number, so it is the first doubled.
        let partial = sum(of: digits, doublingFromRightmost: true)
        return (10 - partial % 10) % 10
    }

    private static func asciiDigits(_ text: some StringProtocol) -> [Int]? {
        var digits: [Int] = []
        digits.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            digits.append(Int(byte - UInt8(ascii: "0")))
        }
        return digits
    }

    private static func sum(of digits: [Int], doublingFromRightmost: Bool) -> Int {
        var total = 0
        var double = doublingFromRightmost
        for digit in digits.reversed() {
            if double {
                let doubled = digit * 2
                total += doubled > 9 ? doubled - 9 : doubled
            } else {
                total += digit
            }
            double.toggle()
        }
        return total
    }
}
