/// `ErrorsResponse`: what MDES answers instead of a message when a call
/// fails. `ReasonCode` is Mastercard's own (kept in the service's error so
/// an operator can look it up); `Recoverable` is `"true"` or `"false"`.
package struct MDESErrorsResponse: Codable, Sendable, Hashable {
    package struct Error: Codable, Sendable, Hashable {
        package var source: String?
        package var reasonCode: String?
        package var errorCode: String?
        package var description: String?
        package var recoverable: String?

        package init(
            source: String?, reasonCode: String?, errorCode: String? = nil, description: String?, recoverable: Bool
        ) {
            self.source = source
            self.reasonCode = reasonCode
            self.errorCode = errorCode
            self.description = description
            self.recoverable = recoverable ? "true" : "false"
        }

        enum CodingKeys: String, CodingKey {
            case source = "Source", reasonCode = "ReasonCode", errorCode = "ErrorCode"
            case description = "Description", recoverable = "Recoverable"
        }
    }

    package struct Errors: Codable, Sendable, Hashable {
        package var error: [Error]?

        package init(error: [Error]?) { self.error = error }

        enum CodingKeys: String, CodingKey { case error = "Error" }
    }

    package var errors: Errors?

    package init(_ errors: [Error]) {
        self.errors = Errors(error: errors)
    }

    /// The first error.
    package var first: Error? { errors?.error?.first }

    enum CodingKeys: String, CodingKey { case errors = "Errors" }
}
