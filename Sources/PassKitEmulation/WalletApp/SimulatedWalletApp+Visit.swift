import Foundation
import ProvisioningAPI

extension SimulatedWalletApp {
    /// The user's choice among the cards the issuer offers.
    public enum EntrySelection: Hashable, Sendable {
        /// Add every offered card.
        case all
        /// Add none (the user looks and leaves).
        case none
        /// Add the cards with these identifiers, in this order.
        case identifiers([String])
    }

    /// What the issuer extension answered to `status`, and how fast.
    public struct StatusAnswer: Hashable, Sendable {
        /// Whether the sign-in (UI) extension must run first.
        public var requiresAuthentication: Bool
        /// Whether the iPhone can take a card.
        public var passEntriesAvailable: Bool
        /// Whether the Watch can take a card.
        public var remotePassEntriesAvailable: Bool
        /// How long the completion took.
        public var elapsed: Duration
    }

    /// A card as Wallet lists it: the entry and its request configuration,
    /// without card numbers (there are none in an entry).
    public struct OfferedEntry: Hashable, Sendable {
        public var identifier: String
        public var title: String
        public var artWidth: Int
        public var artHeight: Int
        public var cardholderName: String?
        public var primaryAccountSuffix: String?
        public var paymentNetwork: PKPaymentNetwork?
        public var primaryAccountIdentifier: String?
        public var localizedDescription: String?
        public var encryptionScheme: PKEncryptionScheme
    }

    /// The outcome for one card the user picked.
    public struct AddResult: Sendable {
        /// The entry's identifier.
        public var identifier: String
        /// The pass that landed on the device, or `nil`: a new snapshot at
        /// each read (passes are not `Sendable`, a visit is).
        public var pass: PKPaymentPass? { added.map { PKPaymentPass(record: $0.record, isRemotePass: $0.isRemote) } }
        /// The added pass's record and whether it is on the Watch.
        var added: (record: SandboxPass, isRemote: Bool)?
        /// The activation data the issuer's request carried to the card
        /// network (a Mastercard TAV, say), or `nil` when the extension gave
        /// no request. Wallet shows it to no one; the emulation keeps it so a
        /// test or a demo can check what the network was handed.
        public var activationData: Data?
        /// Why not, as the `PKAddPaymentPassError` code Wallet ends with.
        public var errorCode: PKAddPaymentPassError?
        /// The error Wallet shows the user, or `nil` when the card was added.
        public var shownError: String?
    }

    /// One visit of the user to Wallet's "add a card from an app" screen for
    /// one device: what each step answered and what landed.
    public struct Visit: Sendable {
        /// The device the user adds to.
        public var device: SimulatedDevice.Kind
        /// The status, or `nil` when it was not answered in time.
        public var status: StatusAnswer?
        /// Whether Wallet listed the issuer for this device.
        public var isIssuerListed = false
        /// The sign-in result, or `nil` when no sign-in was asked for.
        public var authorization: PKIssuerProvisioningExtensionAuthorizationResult?
        /// The cards Wallet showed, in the issuer's order.
        public var entries: [OfferedEntry] = []
        /// One result per card the user picked.
        public var added: [AddResult] = []
        /// What Wallet noticed during the visit.
        public var diagnostics: [SimulatedWallet.Diagnostic] = []

        /// Whether a diagnostic with `code` was recorded.
        public func noticed(_ code: SimulatedWallet.Diagnostic.Code) -> Bool {
            diagnostics.contains { $0.code == code }
        }
    }
}
