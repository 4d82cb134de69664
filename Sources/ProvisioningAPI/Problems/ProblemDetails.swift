/// An error answer: RFC 9457 problem details, served as
/// `application/problem+json` (``contentType``).
///
/// ``type`` is the stable, machine-readable identifier; ``title`` is its
/// fixed summary; ``detail`` explains this occurrence in words that never
/// contain a PAN, expiry, code, nonce or key. ``requestId`` repeats the
/// response's `X-Request-Id`, and ``errors`` lists refused fields by name.
///
/// ```swift
/// let problem = ProblemDetails(.invalidField, errors: [FieldProblem(field: "/nonce", reason: .missing)])
/// // problem.status == 422, problem.title == "Invalid field"
/// ```
///
/// The type also conforms to `Error`, so a handler can throw it as is.
package struct ProblemDetails: Codable, Hashable, Sendable, Error, CustomStringConvertible {
    /// The media type of problem bodies.
    package static let contentType = "application/problem+json"

    /// The answer to a failure that must not be described to the client (an
    /// unexpected error, a code of a module's own): `internal`, a fixed detail.
    package static let unexpected = ProblemDetails(.internal, detail: "The server could not complete the request.")

    /// The kind of problem; `about:blank` when the body has none.
    package var type: ProblemType
    /// The type's summary.
    package var title: String
    /// The HTTP status code.
    package var status: Int
    /// An explanation of this occurrence, without values.
    package var detail: String?
    /// A URI reference to this occurrence (usually the request path).
    package var instance: String?
    /// The `X-Request-Id` of the request.
    package var requestId: String?
    /// The refused fields, for `invalid-field` and `payload-invalid`.
    package var errors: [FieldProblem]?

    /// A problem of a catalogue type, with its title and default status.
    package init(
        _ type: ProblemType,
        status: Int? = nil,
        detail: String? = nil,
        instance: String? = nil,
        requestId: String? = nil,
        errors: [FieldProblem]? = nil
    ) {
        self.init(
            type: type, title: type.title, status: status ?? type.defaultStatus, detail: detail, instance: instance,
            requestId: requestId, errors: errors)
    }

    /// A problem with every member given.
    package init(
        type: ProblemType,
        title: String,
        status: Int,
        detail: String? = nil,
        instance: String? = nil,
        requestId: String? = nil,
        errors: [FieldProblem]? = nil
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.requestId = requestId
        self.errors = errors
    }

    private enum CodingKeys: String, CodingKey {
        case type, title, status, detail, instance, requestId, errors
    }

    /// Decodes leniently as RFC 9457 asks: a missing `type` is `about:blank`,
    /// a missing `title` is the type's title.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decodeIfPresent(ProblemType.self, forKey: .type) ?? .aboutBlank
        self.init(
            type: type,
            title: try container.decodeIfPresent(String.self, forKey: .title) ?? type.title,
            status: try container.decode(Int.self, forKey: .status),
            detail: try container.decodeIfPresent(String.self, forKey: .detail),
            instance: try container.decodeIfPresent(String.self, forKey: .instance),
            requestId: try container.decodeIfPresent(String.self, forKey: .requestId),
            errors: try container.decodeIfPresent([FieldProblem].self, forKey: .errors))
    }

    package var description: String {
        "\(status) \(type)" + (requestId.map { " (request \($0))" } ?? "")
    }
}
