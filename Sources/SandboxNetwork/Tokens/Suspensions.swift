import ProvisioningAPI
import ProvisioningService

/// Who has suspended a token: MDES's `Suspender` values (Customer Service
/// API 2.0.7, `Suspenders`).
enum Suspender: String, Sendable, Hashable, CaseIterable {
    /// The issuer: every Customer Service API call, and the service's own
    /// lifecycle changes (the app and the back office act for the issuer).
    case issuer = "I"
    /// The token requestor, the wallet provider included.
    case tokenRequestor = "W"
    /// The cardholder, through the wallet (Find My's lost mode on Apple Pay).
    case cardholder = "C"
    /// The Mobile PIN validation service (too many wrong PINs in a payment).
    case mobilePINValidation = "P"
    /// The Mobile PIN change validation service (too many wrong PINs in a change).
    case mobilePINChange = "M"
}

/// MDES's rules for tokens that several parties suspend, as the Customer
/// Service API's descriptions of `/token/suspend` and `/token/unsuspend`
/// state them, with their Apple Pay exceptions (every token of the sandbox's
/// vault is an Apple Pay token):
///
/// * the first suspension moves a token from active to suspended; another
///   party adds itself to the token's suspenders;
/// * each party lifts only its own suspension, and the token is active again
///   when the last one is lifted;
/// * Apple Pay: the issuer may add itself to a token the cardholder suspended
///   and may lift (override) the cardholder's suspension; the cardholder can
///   neither suspend nor lift a token the issuer suspended.
///
/// Where the text is silent, this is the sandbox's reading: a party that
/// already suspended the token cannot suspend it again (refused as MDES refuses
/// a change the status does not allow), and the issuer's unsuspend lifts its
/// own suspension and the cardholder's together, so "override" makes the token
/// active unless a third party (the wallet, the Mobile PIN services) holds it.
enum Suspensions {
    /// The state and suspenders after `party` applies `action`.
    ///
    /// - Throws: ``ProvisioningService/IllegalTransition`` when the rules
    ///   refuse the action; nothing changes then.
    static func apply(
        _ action: TokenLifecycleAction, by party: Suspender, state: TokenState, suspenders: [Suspender]
    ) throws(IllegalTransition) -> (state: TokenState, suspenders: [Suspender]) {
        let refused = IllegalTransition(from: state, action: action)
        switch (action, state) {
        case (.suspend, .active):
            return (.suspended, [party])
        case (.suspend, .suspended):
            guard !suspenders.contains(party),
                !(party == .cardholder && suspenders.contains(.issuer))
            else { throw refused }
            return (.suspended, suspenders + [party])
        case (.resume, .suspended):
            let lifted: Set<Suspender>
            switch party {
            case .issuer: lifted = [.issuer, .cardholder]
            case .cardholder where suspenders.contains(.issuer): throw refused
            default: lifted = [party]
            }
            let remaining = suspenders.filter { !lifted.contains($0) }
            guard remaining.count < suspenders.count else { throw refused }
            return (remaining.isEmpty ? .active : .suspended, remaining)
        default:
            // Activation and deletion are the issuer's and ignore suspenders;
            // the token state machine decides them.
            return (try TokenStateMachine.transition(from: state, action: action), [])
        }
    }

    /// The column's text for `suspenders`: their letters in the order they
    /// suspended (`"CI"`).
    static func column(_ suspenders: [Suspender]) -> String {
        suspenders.map(\.rawValue).joined()
    }

    /// The suspenders a `suspenders` column holds for a token in `state`.
    ///
    /// A suspended token stored before the column existed has none recorded:
    /// until then only the issuer suspended (the service's lifecycle and the
    /// Customer Service API), so it reads as the issuer's.
    static func parse(_ column: String, state: TokenState) -> [Suspender] {
        let parsed = column.compactMap { Suspender(rawValue: String($0)) }
        guard state == .suspended else { return [] }
        return parsed.isEmpty ? [.issuer] : parsed
    }
}
