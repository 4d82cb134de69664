import ProvisioningPrimitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response as the server writes it: status line, the handler's fields, then
/// the fields the server owns, the blank line and the body.
///
/// The server owns `Content-Length` (the body's size; none for `1xx`, `204`
/// and `304`), `Date`, `X-Request-Id` and `Connection`; a handler's own
/// `Content-Length`, `Transfer-Encoding`, `Date`, `X-Request-Id`,
/// `Connection` or `Keep-Alive` field is dropped, and so is any field whose
/// name is not a token or whose value holds a line break or another control
/// character, so a handler cannot split a response or frame it differently
/// from its body. A handler's `Connection: close` closes the connection
/// after the answer.
enum ResponseEncoder {
    /// What `HTTP/1.1 100 Continue` looks like on the wire.
    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Whether `response` asks for the connection to be closed after it.
    static func asksToClose(_ response: HTTPResponse) -> Bool {
        HTTPSyntax.listElements(response.headers.values(for: "Connection")).contains { $0.lowercased() == "close" }
    }

    /// The bytes of `response`.
    ///
    /// - Parameters:
    ///   - omitBody: the request was `HEAD`: the fields describe the body, which is not sent.
    ///   - close: `Connection: close` is written (the server closes after this answer).
    ///   - keepAliveHTTP10: an HTTP/1.0 client asked to keep the connection (`Connection: keep-alive` is written).
    static func encode(
        _ response: HTTPResponse, requestID: String, omitBody: Bool, close: Bool, keepAliveHTTP10: Bool,
        date: String
    ) -> [UInt8] {
        let status = response.status.code
        let bodiless = (100..<200).contains(status) || status == 204 || status == 304
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + (bodiless || omitBody ? 0 : response.body.count))
        func line(_ parts: String...) {
            for part in parts { bytes.append(contentsOf: part.utf8) }
            bytes.append(contentsOf: crlf)
        }
        line("HTTP/1.1 ", String(status), " ", response.status.reasonPhrase)
        for field in response.headers where Self.isHandlerField(field) {
            line(field.name, ": ", field.value)
        }
        if !bodiless { line("Content-Length: ", String(response.body.count)) }
        line("Date: ", date)
        line(RequestIdentifier.headerName, ": ", requestID)
        if close {
            line("Connection: close")
        } else if keepAliveHTTP10 {
            line("Connection: keep-alive")
        }
        bytes.append(contentsOf: crlf)
        if !bodiless, !omitBody { bytes.append(contentsOf: response.body) }
        return bytes
    }

    private static let crlf: [UInt8] = [0x0D, 0x0A]

    private static let ownedFields = [
        "Content-Length", "Transfer-Encoding", "Date", RequestIdentifier.headerName, "Connection", "Keep-Alive",
    ]

    private static func isHandlerField(_ field: HTTPHeaders.Field) -> Bool {
        HTTPSyntax.isToken(field.name) && HTTPSyntax.isFieldValue(field.value)
            && !ownedFields.contains { HTTPHeaders.sameName($0, field.name) }
    }
}

/// The `Date` field's value (RFC 9110 §5.6.7, IMF-fixdate), recomputed at
/// most once a second by each event loop.
struct HTTPDate {
    private var second: Int = -1
    private var text = ""

    /// Now, as `Sun, 06 Nov 1994 08:49:37 GMT`.
    mutating func now() -> String {
        let current = time(nil)
        if current != second {
            second = current
            text = Self.format(secondsSince1970: Int64(current))
        }
        return text
    }

    static func format(secondsSince1970 seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.civil(fromDays: days)
        // 1970-01-01 was a Thursday.
        let weekday = ((days % 7) + 7 + 4) % 7
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[Int(weekday)]), \(two(day)) \(months[Int(month - 1)]) \(year) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60)) GMT"
    }
}
