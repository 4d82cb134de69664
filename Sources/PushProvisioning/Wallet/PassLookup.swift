#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

/// Finds the bank's payment passes in Wallet: on this iPhone
/// (`passes(of: .secureElement)`) and on the paired Watch
/// (`remoteSecureElementPasses`).
///
/// Wallet only shows an app the passes whose `associatedApplicationIdentifiers`
/// list the app (and its extensions); a pass added through an extension that
/// is missing there is invisible here.
struct PassLookup {
    let library: PKPassLibrary

    init(library: PKPassLibrary = PKPassLibrary()) {
        self.library = library
    }

    /// The payment passes of this iPhone.
    var localPasses: [PKSecureElementPass] {
        library.passes(of: .secureElement).compactMap { $0.secureElementPass }
    }

    /// The payment passes of the paired Watch.
    var remotePasses: [PKSecureElementPass] {
        library.remoteSecureElementPasses
    }

    /// The pass on each device that matches `input`.
    ///
    /// When several passes match (an old deleted pass and a new one), a pass
    /// that still holds the card is preferred to a deactivated one.
    func passes(matching input: GetTokenInput) -> (local: PKSecureElementPass?, remote: PKSecureElementPass?) {
        let matches: (PKSecureElementPass) -> Bool =
            switch input.criterion {
            case .last4(let last4): { $0.primaryAccountNumberSuffix == last4 }
            case .serialNumber(let serial): { $0.serialNumber == serial }
            }
        return (Self.best(localPasses.filter(matches)), Self.best(remotePasses.filter(matches)))
    }

    /// The passes of a card: by primary account identifier when it is known,
    /// otherwise by PAN suffix.
    func passes(of card: TPCCard) -> (local: PKSecureElementPass?, remote: PKSecureElementPass?) {
        if let identifier = card.primaryAccountIdentifier, !identifier.isEmpty {
            let matches: (PKSecureElementPass) -> Bool = { $0.primaryAccountIdentifier == identifier }
            return (Self.best(localPasses.filter(matches)), Self.best(remotePasses.filter(matches)))
        }
        return passes(matching: GetTokenInput(last4: card.primaryAccountNumberSuffix))
    }

    /// The passes whose funding account is `primaryAccountIdentifier`.
    func passes(primaryAccountIdentifier: String) -> (local: PKSecureElementPass?, remote: PKSecureElementPass?) {
        let matches: (PKSecureElementPass) -> Bool = { $0.primaryAccountIdentifier == primaryAccountIdentifier }
        return (Self.best(localPasses.filter(matches)), Self.best(remotePasses.filter(matches)))
    }

    /// Where the token with `deviceAccountIdentifier` is, seen from this iPhone.
    func location(ofToken deviceAccountIdentifier: String) -> Token.Location {
        if localPasses.contains(where: { $0.deviceAccountIdentifier == deviceAccountIdentifier }) {
            return .thisDevice
        }
        if remotePasses.contains(where: { $0.deviceAccountIdentifier == deviceAccountIdentifier }) {
            return .pairedWatch
        }
        return .elsewhere
    }

    private static func best(_ passes: [PKSecureElementPass]) -> PKSecureElementPass? {
        passes.first { $0.passActivationState != .deactivated } ?? passes.first
    }
}
