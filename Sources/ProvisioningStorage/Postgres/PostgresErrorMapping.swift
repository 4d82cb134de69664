import CPostgres

/// Maps libpq failures to ``StorageError``s without leaking values.
///
/// PostgreSQL's primary message is kept only for the SQLSTATE classes whose
/// messages name objects rather than data (constraints, syntax and names,
/// connections, transaction state, resources). Data-exception messages (class 22)
/// quote the offending input, and the `DETAIL` field quotes key values, so neither
/// is ever read.
enum PostgresErrorMapping {
    private static let classesWithSafeMessages: Set<String> = [
        "08", "0A", "23", "25", "28", "3D", "3F", "40", "42", "53", "55", "57",
    ]

    static func error(result: OpaquePointer?, connection: OpaquePointer) -> StorageError {
        let sqlState = field(result, "C")
        guard let sqlState else {
            // No SQLSTATE: libpq itself failed, nearly always because the connection broke.
            let message = firstLine(PQerrorMessage(connection)) ?? "unknown error"
            let code: StorageError.Code = PQstatus(connection) == CONNECTION_OK ? .other : .connectionFailure
            return StorageError(code, "PostgreSQL: \(message)")
        }
        let errorClass = String(sqlState.prefix(2))
        let code: StorageError.Code
        switch sqlState {
        case "23505": code = .uniqueViolation
        case "23503": code = .foreignKeyViolation
        case "23502": code = .notNullViolation
        case "23514": code = .checkViolation
        case "40001", "40P01": code = .serializationFailure
        case "57P01", "57P02", "57P03": code = .connectionFailure
        default:
            switch errorClass {
            case "08", "53": code = .connectionFailure
            case "42": code = .syntax
            case "22": code = .invalidValue
            default: code = PQstatus(connection) == CONNECTION_OK ? .other : .connectionFailure
            }
        }
        let message =
            classesWithSafeMessages.contains(errorClass)
            ? (field(result, "M") ?? "SQLSTATE \(sqlState)") : "PostgreSQL error SQLSTATE \(sqlState)"
        return StorageError(code, message, constraint: field(result, "n"), sqlState: sqlState)
    }

    private static func field(_ result: OpaquePointer?, _ code: Unicode.Scalar) -> String? {
        guard let result, let value = PQresultErrorField(result, Int32(code.value)) else { return nil }
        return String(cString: value)
    }

    private static func firstLine(_ message: UnsafePointer<CChar>?) -> String? {
        guard let message else { return nil }
        let text = String(cString: message)
        return text.split(whereSeparator: \.isNewline).first.map(String.init)
    }
}
