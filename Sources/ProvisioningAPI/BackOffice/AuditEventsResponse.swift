/// A page of `GET /v1/issuers/{issuerId}/backoffice/audit`, newest first.
package struct AuditEventsResponse: Codable, Hashable, Sendable {
    /// The events of this page.
    package var events: [AuditEvent]
    /// The cursor of the next page; `nil` on the last page.
    package var nextCursor: String?

    package init(events: [AuditEvent], nextCursor: String? = nil) {
        self.events = events
        self.nextCursor = nextCursor
    }
}
