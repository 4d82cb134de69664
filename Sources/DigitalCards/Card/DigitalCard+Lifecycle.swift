extension DigitalCard {
    /// Suspends the card: payments stop until ``resume()``.
    /// - Returns: the new state (`.suspended`).
    /// - Throws: ``DigitalCardError`` ``DigitalCardError/Code/illegalState``
    ///   when the card cannot be suspended, ``DigitalCardError/Code/cardNotFound``
    ///   when it was deleted.
    @discardableResult
    public func suspend() async throws(DigitalCardError) -> State {
        try await engine.changeState(cardId: id, action: .suspend).state
    }

    /// Resumes a suspended card.
    /// - Returns: the new state (`.active`).
    @discardableResult
    public func resume() async throws(DigitalCardError) -> State {
        try await engine.changeState(cardId: id, action: .resume).state
    }

    /// Deletes the card for good, with its keys and art on this device.
    public func delete() async throws(DigitalCardError) {
        _ = try await engine.changeState(cardId: id, action: .delete)
    }

    /// Makes this card the wallet's default.
    public func setAsDefault() async throws(DigitalCardError) {
        _ = try await engine.setDefault(cardId: id)
    }

    /// Fetches a new batch of payment keys, replacing the ones left.
    /// - Returns: the key counts afterwards.
    /// - Throws: ``DigitalCardError`` ``DigitalCardError/Code/illegalState``
    ///   for a card that is not active, ``DigitalCardError/Code/cardNotFound``.
    @discardableResult
    public func replenishPaymentKeys() async throws(DigitalCardError) -> PaymentKeyInfo {
        let resource = try await engine.replenish(cardId: id)
        return try await engine.paymentKeyInfo(for: resource)
    }
}
