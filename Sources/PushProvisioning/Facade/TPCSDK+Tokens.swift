import Foundation

#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

extension TPCSDK {
    // MARK: Passes on this device

    /// Finds the card's pass on this iPhone and on the paired Watch.
    ///
    /// The lookup is local (Wallet's pass library) and fast enough for a
    /// Wallet extension's 100 ms `status` answer. Use the result with
    /// ``AddToWalletState`` to decide the "Add to Apple Wallet" button, and
    /// read `secureElementPass?.deviceAccountIdentifier` (the token id) for
    /// ``updateTokenState(tokenId:tokenRequestorId:schemeString:authorizationCode:action:completion:)``.
    ///
    /// ```swift
    /// TPCSDK.getToken(input: GetTokenInput(last4: "1234")) { localPass, remotePass, error in
    ///     self.updateUI(for: localPass, remotePass: remotePass, sdkError: error)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - input: the card's last four digits or the pass's serial number.
    ///   - completion: the iPhone's pass, the Watch's pass (each `nil`
    ///     when absent), or an error: ``TPCError/Code/notConfigured``,
    ///     ``TPCError/Code/invalidArgument`` (last4 not four digits, empty serial).
    public static func getToken(
        input: GetTokenInput, completion: @escaping (PKPass?, PKPass?, Error?) -> Void
    ) {
        let delivery = CallbackDelivery(queue: settings.callbackQueue) { (found: (PKPass?, PKPass?, Error?)) in
            completion(found.0, found.1, found.2)
        }
        do {
            let found = try getToken(input: input)
            delivery.deliver((found.localPass, found.remotePass, nil))
        } catch {
            delivery.deliver((nil, nil, error))
        }
    }

    /// The synchronous form of ``getToken(input:completion:)``.
    ///
    /// - Throws: ``TPCError``.
    public static func getToken(input: GetTokenInput) throws(TPCError) -> (localPass: PKPass?, remotePass: PKPass?) {
        _ = try client()
        try input.validate()
        let found = PassLookup().passes(matching: input)
        return (found.local, found.remote)
    }

    /// The bank's payment passes visible to this app: this iPhone's and the
    /// paired Watch's.
    ///
    /// Wallet shows an app only the passes whose `associatedApplicationIdentifiers`
    /// name it, so these are the issuer's passes.
    public static func getPaymentPasses() -> (local: [PKSecureElementPass], remote: [PKSecureElementPass]) {
        let lookup = PassLookup()
        return (lookup.localPasses, lookup.remotePasses)
    }

    // MARK: Tokens at the service

    /// Every token of a card at the service: each device it is on (name and
    /// kind), its state and token requestor, newest first, deleted ones
    /// included. ``Token/isOnCurrentDevice`` and ``Token/location`` tell which
    /// tokens are this iPhone's and the paired Watch's passes.
    ///
    /// The card must carry a `tokens:read` authorization code bound to its
    /// reference (``TPCCard/authorizationCode``); the service accepts each
    /// code once.
    ///
    /// - Parameters:
    ///   - card: the card, with its reference and a `tokens:read` code.
    ///   - completion: the tokens, or ``TPCError``.
    public static func getTokens(card: TPCCard, completion: @escaping ([Token]?, Error?) -> Void) {
        complete({ result in
            switch result {
            case .success(let tokens): completion(tokens, nil)
            case .failure(let error): completion(nil, error)
            }
        }) {
            try await getTokens(card: card)
        }
    }

    /// The async form of ``getTokens(card:completion:)``.
    public static func getTokens(card: TPCCard) async throws(TPCError) -> [Token] {
        let infos = try await client().cardTokens(card)
        let lookup = PassLookup()
        return infos.map { Token($0, location: lookup.location(ofToken: $0.tokenId)) }
    }

    /// Activates, suspends, resumes or deletes a token, through the service
    /// and the card network. The pass in Wallet follows the token's new state.
    ///
    /// ```swift
    /// TPCSDK.updateTokenState(tokenId: tokenId, tokenRequestorId: tokenRequestorId, schemeString: "VISA",
    ///                         authorizationCode: code, action: .Activate) { success, error in … }
    /// ```
    ///
    /// - Parameters:
    ///   - tokenId: the pass's `deviceAccountIdentifier`.
    ///   - tokenRequestorId: the token requestor (Apple Pay's identifier).
    ///   - schemeString: `"VISA"`, `"MASTERCARD"`, `"AMEX"`, `"DISCOVER"`, …
    ///   - authorizationCode: a code from the bank with the action's scope
    ///     (`token:activate`, …) bound to the token.
    ///   - action: what to do: `.Activate`, `.Suspend`, `.Resume` or `.Delete`.
    ///   - completion: `true` on success, or `false` and a ``TPCError``.
    public static func updateTokenState(
        tokenId: String, tokenRequestorId: String, schemeString: String, authorizationCode: String,
        action: TokenState, completion: @escaping (Bool, Error?) -> Void
    ) {
        complete({ result in
            switch result {
            case .success: completion(true, nil)
            case .failure(let error): completion(false, error)
            }
        }) {
            try await updateTokenState(
                tokenId: tokenId, tokenRequestorId: tokenRequestorId, schemeString: schemeString,
                authorizationCode: authorizationCode, action: action)
        }
    }

    /// ``updateTokenState(tokenId:tokenRequestorId:schemeString:authorizationCode:action:completion:)``
    /// with a ``CardScheme``.
    public static func updateTokenState(
        tokenId: String, tokenRequestorId: String, scheme: CardScheme, authorizationCode: String,
        action: TokenState, completion: @escaping (Bool, Error?) -> Void
    ) {
        updateTokenState(
            tokenId: tokenId, tokenRequestorId: tokenRequestorId, schemeString: scheme.schemeString,
            authorizationCode: authorizationCode, action: action, completion: completion)
    }

    /// The async form of the state change.
    ///
    /// - Returns: the token's state after the change.
    @discardableResult
    public static func updateTokenState(
        tokenId: String, tokenRequestorId: String, schemeString: String, authorizationCode: String,
        action: TokenState
    ) async throws(TPCError) -> Token.State {
        try await client().updateTokenState(
            tokenId: tokenId, tokenRequestorId: tokenRequestorId, scheme: schemeString,
            authorizationCode: authorizationCode, action: action)
    }
}
