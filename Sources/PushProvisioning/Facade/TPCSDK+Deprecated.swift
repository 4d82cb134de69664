#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

extension TPCSDK {
    /// The passes of a card identified by its ``FundingCard``.
    ///
    /// The SDK cannot tell which passes belong to an encrypted payload without
    /// decrypting it, which only the service may do; so this call answers with
    /// ``TPCError/Code/invalidArgument``. Identify the card by
    /// `primaryAccountIdentifier` or PAN suffix instead, or better, use
    /// ``getToken(input:completion:)``.
    @available(*, deprecated, message: "Use TPCSDK.getToken(input:completion:) with GetTokenInput(last4:).")
    public static func getCardDigitizationResult(
        card: FundingCard, completion: @escaping (String?, CardDigitizationResult?, Error?) -> Void
    ) {
        digitizationResult(lookup: nil, completion: completion)
    }

    /// The passes of the card with this Apple primary account identifier.
    @available(*, deprecated, message: "Use TPCSDK.getToken(input:completion:).")
    public static func getCardDigitizationResult(
        primaryAccountIdentifier: String, completion: @escaping (String?, CardDigitizationResult?, Error?) -> Void
    ) {
        digitizationResult(
            lookup: { try lookUp(primaryAccountIdentifier: primaryAccountIdentifier) }, completion: completion)
    }

    /// The passes of the card whose PAN ends with `primaryAccountNumberSuffix`.
    @available(*, deprecated, message: "Use TPCSDK.getToken(input:completion:) with GetTokenInput(last4:).")
    public static func getCardDigitizationResult(
        card: FundingCard, primaryAccountNumberSuffix: String,
        completion: @escaping (String?, CardDigitizationResult?, Error?) -> Void
    ) {
        digitizationResult(
            lookup: {
                let found = try getToken(input: GetTokenInput(last4: primaryAccountNumberSuffix))
                return (found.localPass, found.remotePass)
            }, completion: completion)
    }

    /// Whether the card whose PAN ends with `primaryAccountNumberSuffix` is on
    /// this iPhone or the paired Watch. It cannot tell which device, nor a
    /// pending activation: use ``getToken(input:completion:)``.
    @available(*, deprecated, message: "Use TPCSDK.getToken(input:completion:); it tells which device and the state.")
    public static func isCardDigitized(
        primaryAccountNumberSuffix: String, completion: @escaping (Bool, Error?) -> Void
    ) {
        getToken(input: GetTokenInput(last4: primaryAccountNumberSuffix)) { local, remote, error in
            completion(
                error == nil && CardDigitizationResult(local: local, remote: remote).state != .notDigitized, error)
        }
    }

    private static func lookUp(primaryAccountIdentifier: String) throws(TPCError) -> (PKPass?, PKPass?) {
        _ = try client()
        guard !primaryAccountIdentifier.isEmpty else {
            throw TPCError(.invalidArgument, "the primary account identifier is empty")
        }
        let found = PassLookup().passes(primaryAccountIdentifier: primaryAccountIdentifier)
        return (found.local, found.remote)
    }

    private static func digitizationResult(
        lookup: (() throws -> (PKPass?, PKPass?))?,
        completion: @escaping (String?, CardDigitizationResult?, Error?) -> Void
    ) {
        let delivery = CallbackDelivery(queue: settings.callbackQueue) {
            (result: (String?, CardDigitizationResult?, Error?)) in
            completion(result.0, result.1, result.2)
        }
        do {
            guard let lookup else {
                _ = try client()
                throw TPCError(
                    .invalidArgument, "an encrypted payload alone does not identify passes; give a suffix or identifier"
                )
            }
            let (local, remote) = try lookup()
            let identifier = (local ?? remote)?.secureElementPass?.primaryAccountIdentifier
            delivery.deliver((identifier, CardDigitizationResult(local: local, remote: remote), nil))
        } catch {
            delivery.deliver((nil, nil, error))
        }
    }
}
