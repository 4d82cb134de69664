extension DigitalCard {
    /// Makes the card's side of a contactless payment: takes one payment key
    /// off the device and computes the cryptogram of `transaction` with it.
    ///
    /// The key is gone from the device once this returns, whatever becomes
    /// of the payment. Hand the result to a terminal (in the sandbox,
    /// ``SandboxTerminal/submit(_:)``).
    ///
    /// - Throws: ``DigitalCardError`` ``DigitalCardError/Code/illegalState``
    ///   for a card that is not active, ``DigitalCardError/Code/paymentKeysExhausted``
    ///   when no usable key is left, ``DigitalCardError/Code/invalidArgument``
    ///   for an amount, currency or challenge out of range.
    public func tap(_ transaction: ContactlessTransaction) async throws(DigitalCardError) -> ContactlessPayment {
        try await engine.tap(cardId: id, transaction: transaction)
    }

    /// Pays at a sandbox terminal: ``tap(_:)`` and submit.
    ///
    /// - Returns: the network's receipt.
    /// - Throws: the errors of ``tap(_:)`` and of ``SandboxTerminal/submit(_:)``.
    public func payContactless(
        _ transaction: ContactlessTransaction, at terminal: SandboxTerminal
    )
        async throws(DigitalCardError) -> PaymentReceipt
    {
        let payment = try await tap(transaction)
        let receipt = try await terminal.submit(payment)
        try await engine.recordPayment(cardId: id, paymentsLeft: receipt.paymentsLeft)
        return receipt
    }
}
