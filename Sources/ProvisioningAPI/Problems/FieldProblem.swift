/// One refused field inside ``ProblemDetails/errors``.
///
/// Names the field and the rule it broke — never the value, so that a
/// problem can be logged and shown without leaking card data or codes.
///
/// ```json
/// {"field": "/certificateChain/0", "reason": "invalid-base64"}
/// ```
package struct FieldProblem: Codable, Hashable, Sendable {
    /// A JSON Pointer (RFC 6901) into the request body, such as
    /// `/certificateChain/0`, or a parameter name for query and path values.
    /// For fields inside the encrypted payload, a pointer into the decrypted
    /// JSON prefixed with `/encryptedPayload`, such as
    /// `/encryptedPayload/primaryAccountNumber`.
    package var field: String
    /// The rule that failed.
    package var reason: FieldProblemReason

    package init(field: String, reason: FieldProblemReason) {
        self.field = field
        self.reason = reason
    }

    /// Builds the JSON Pointer of a coding path, escaping `~` and `/` in keys
    /// as RFC 6901 requires.
    ///
    /// ```swift
    /// catch DecodingError.dataCorrupted(let context) {
    ///     let field = FieldProblem.pointer(for: context.codingPath)   // "/certificateChain/0"
    /// }
    /// ```
    package static func pointer(for codingPath: [any CodingKey]) -> String {
        codingPath.map { key in
            let token =
                key.intValue.map(String.init)
                ?? key.stringValue.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            return "/" + token
        }.joined()
    }
}
