/// A page of `GET /v1/issuers/{issuerId}/backoffice/audit`, newest first.
public struct AuditEventsResponse: Codable, Hashable, Sendable {
    /// The events of this page.
    public var events: [AuditEvent]
    /// The cursor of the next page; `nil` on the last page.
    public var nextCursor: String?

    public init(events: [AuditEvent], nextCursor: String? = nil) {
        self.events = events
        self.nextCursor = nextCursor
    }
}
