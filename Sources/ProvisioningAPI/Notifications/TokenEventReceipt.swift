/// The answer to a network notification (HTTP 202).
package struct TokenEventReceipt: Codable, Hashable, Sendable {
    /// The event acknowledged.
    package var eventId: String
    /// `true` when the event had been received before and was not applied again.
    package var duplicate: Bool

    package init(eventId: String, duplicate: Bool) {
        self.eventId = eventId
        self.duplicate = duplicate
    }
}
