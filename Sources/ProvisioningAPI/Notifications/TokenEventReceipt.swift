/// The answer to a network notification (HTTP 202).
public struct TokenEventReceipt: Codable, Hashable, Sendable {
    /// The event acknowledged.
    public var eventId: String
    /// `true` when the event had been received before and was not applied again.
    public var duplicate: Bool

    public init(eventId: String, duplicate: Bool) {
        self.eventId = eventId
        self.duplicate = duplicate
    }
}
