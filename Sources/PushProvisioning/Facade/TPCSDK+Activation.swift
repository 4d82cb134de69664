import Foundation

#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

extension TPCSDK {
    /// The card's pass that waits for activation (ID&V), on this iPhone
    /// first, then on the paired Watch; `nil` when no pass of the card waits.
    ///
    /// - Throws: ``TPCError`` ``TPCError/Code/notConfigured``.
    public static func getPendingActivationPass(
        card: TPCCard
    ) throws(TPCError) -> (pass: PKSecureElementPass, device: WalletDevice)? {
        _ = try client()
        let found = PassLookup().passes(of: card)
        if let local = found.local, local.passActivationState == .requiresActivation { return (local, .iPhone) }
        if let remote = found.remote, remote.passActivationState == .requiresActivation { return (remote, .watch) }
        return nil
    }

    /// The completion-handler form of ``getPendingActivationPass(card:)``.
    public static func getPendingActivationPass(
        card: TPCCard, completion: @escaping (PKSecureElementPass?, Error?) -> Void
    ) {
        let delivery = CallbackDelivery(queue: settings.callbackQueue) { (found: (PKSecureElementPass?, Error?)) in
            completion(found.0, found.1)
        }
        do {
            delivery.deliver((try getPendingActivationPass(card: card)?.pass, nil))
        } catch {
            delivery.deliver((nil, error))
        }
    }

    /// Activates a pass that requires activation, from the bank's app, after
    /// the bank has verified the user.
    ///
    /// Where the activation data comes from: the service makes the network's
    /// activation value when it answers the provisioning request, and returns
    /// it with the encrypted pass data. The SDK keeps that value for each pass
    /// it provisioned (see ``TPCSettings/activationDataDirectory``) and hands it
    /// to Wallet's `activate(_:activationData:)`, which activates the pass on
    /// its device through Apple and the network. When the SDK holds no value
    /// for the pass (it was added through a Wallet extension, on another
    /// install, or the value was used), the pass is activated through the
    /// service instead, as ``updateTokenState(tokenId:tokenRequestorId:schemeString:authorizationCode:action:completion:)``
    /// with `.Activate` does; that needs `authorizationCode`.
    ///
    /// - Parameters:
    ///   - pass: the pass, from ``getPendingActivationPass(card:)`` or a deep link.
    ///   - card: the card the pass must belong to (checked by primary account
    ///     identifier or PAN suffix).
    ///   - authorizationCode: a `token:activate` code bound to the pass's token,
    ///     for the service path; may be `nil` when the SDK holds activation data.
    ///   - nonce: a one-time value of the bank's backend for this activation;
    ///     sent as the service request's `X-Request-Id` so the activation can
    ///     be traced to it in the audit log. `nil` makes a new one.
    ///   - completion: `true` once activated, or `false` and an error
    ///     (``TPCError``, or Wallet's error in `PKPassKitErrorDomain`).
    public static func activatePass(
        pass: PKSecureElementPass, card: TPCCard, authorizationCode: String?, nonce: String?,
        completion: @escaping (Bool, Error?) -> Void
    ) {
        let target = PassReference(pass)
        complete({ result in
            switch result {
            case .success(let activated): completion(activated, nil)
            case .failure(let error): completion(false, error)
            }
        }) {
            try await activate(target, card: card, authorizationCode: authorizationCode, nonce: nonce)
        }
    }

    /// The async form of ``activatePass(pass:card:authorizationCode:nonce:completion:)``.
    ///
    /// It runs on the caller's actor (`isolation`), so a main-actor app can
    /// hand it a pass: PassKit's passes are not `Sendable`. Only the pass's
    /// identifiers go on to the service and Wallet.
    public static func activatePass(
        pass: PKSecureElementPass, card: TPCCard, authorizationCode: String?, nonce: String?,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> Bool {
        let target = PassReference(pass)
        return try await activate(target, card: card, authorizationCode: authorizationCode, nonce: nonce)
    }

    private static func activate(
        _ target: PassReference, card: TPCCard, authorizationCode: String?, nonce: String?
    ) async throws -> Bool {
        try check(target, belongsTo: card)
        let client = try client()
        if let data = await client.activationData.activationData(forToken: target.tokenId) {
            let activated = try await walletActivate(serialNumber: target.serialNumber, data: data)
            await client.activationData.remove(forToken: target.tokenId)
            return activated
        }
        guard let authorizationCode, !authorizationCode.isEmpty else {
            throw TPCError(.invalidArgument, "no activation data is kept for this pass and no authorization code given")
        }
        guard let scheme = card.scheme else {
            throw TPCError(.invalidArgument, "activating through the service needs the card's scheme")
        }
        let state = try await client.updateTokenState(
            tokenId: target.tokenId, tokenRequestorId: applePayTokenRequestorId,
            scheme: scheme.schemeString, authorizationCode: authorizationCode,
            action: .Activate, requestId: nonce)
        return state == .active
    }

    /// The identifiers of a pass, copied so that no pass object crosses tasks.
    struct PassReference: Sendable {
        var serialNumber: String
        var tokenId: String
        var primaryAccountIdentifier: String
        var suffix: String
        var state: PKSecureElementPass.PassActivationState

        init(_ pass: PKSecureElementPass) {
            serialNumber = pass.serialNumber
            tokenId = pass.deviceAccountIdentifier
            primaryAccountIdentifier = pass.primaryAccountIdentifier
            suffix = pass.primaryAccountNumberSuffix
            state = pass.passActivationState
        }
    }

    private static func check(_ pass: PassReference, belongsTo card: TPCCard) throws(TPCError) {
        if let identifier = card.primaryAccountIdentifier, !identifier.isEmpty {
            guard identifier == pass.primaryAccountIdentifier else {
                throw TPCError(.invalidArgument, "the pass belongs to another card")
            }
        } else if card.primaryAccountNumberSuffix != pass.suffix {
            throw TPCError(.invalidArgument, "the pass belongs to another card")
        }
        guard pass.state == .requiresActivation else {
            throw TPCError(.invalidArgument, "the pass does not require activation")
        }
    }

    /// Wallet's `activate(_:activationData:)` on the pass with this serial
    /// number, looked up afresh on this iPhone and the Watch. watchOS has no
    /// such call (Package.swift, clientPlatformFeatures); nor does it
    /// provision, so it never holds activation data to pass on.
    private static func walletActivate(serialNumber: String, data: Data) async throws -> Bool {
        #if PASS_ACTIVATION_AVAILABLE
        let lookup = PassLookup()
        let found = lookup.passes(matching: GetTokenInput(serialNumber: serialNumber))
        guard let pass = found.local ?? found.remote else {
            throw TPCError(.notFound, "the pass is no longer in Wallet")
        }
        return try await withCheckedThrowingContinuation { continuation in
            lookup.library.activate(pass, activationData: data) { activated, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: activated)
                }
            }
        }
        #else
        _ = (serialNumber, data)
        throw TPCError(.notSupported, "Wallet cannot activate passes from an app on this platform")
        #endif
    }
}
