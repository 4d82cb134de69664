import Foundation
import ProvisioningAPI

/// The passes in Wallet, as in PassKit, read from the simulated wallet.
///
/// A library made with `PKPassLibrary()` reads ``SimulatedWallet/current``:
/// local passes are the simulated iPhone's, remote passes its paired Watch's.
/// Each read goes to the wallet's pass store on disk, so passes added by
/// another process (a Wallet extension) show at once; states follow the card
/// network's token states as of the last ``SimulatedWallet/synchronize()``.
/// With no wallet installed the library is empty.
///
/// ```swift
/// let library = PKPassLibrary()
/// let local = library.passes(of: .secureElement).compactMap(\.secureElementPass)
///     .first { $0.primaryAccountNumberSuffix == "1234" }
/// let remote = library.remoteSecureElementPasses.first { $0.primaryAccountNumberSuffix == "1234" }
/// ```
open class PKPassLibrary: NSObject {
    private let wallet: SimulatedWallet?

    /// Opens the library of the current simulated wallet.
    public override init() {
        self.wallet = SimulatedWallet.current
        super.init()
    }

    /// Whether a pass library exists: `true` when a simulated wallet is installed.
    open class func isPassLibraryAvailable() -> Bool {
        SimulatedWallet.current != nil
    }

    /// Whether passes can be activated from the app; always `true` with a wallet.
    open var isSecureElementPassActivationAvailable: Bool { wallet != nil }

    /// The pre-iOS 13.4 spelling of ``isSecureElementPassActivationAvailable``.
    @available(*, deprecated, renamed: "isSecureElementPassActivationAvailable")
    open func isPaymentPassActivationAvailable() -> Bool { isSecureElementPassActivationAvailable }

    /// Every pass on this device (the iPhone).
    open func passes() -> [PKPass] {
        passes(of: .any)
    }

    /// This device's passes of one kind; emulated passes are all secure-element
    /// passes, so `.barcode` lists none.
    open func passes(of passType: PKPassType) -> [PKPass] {
        guard passType != .barcode, let wallet else { return [] }
        return wallet.passSnapshots(onWatch: false)
    }

    /// The paired Watch's secure-element passes; empty without a paired Watch.
    open var remoteSecureElementPasses: [PKSecureElementPass] {
        wallet?.passSnapshots(onWatch: true) ?? []
    }

    /// The pre-iOS 13.4 spelling of ``remoteSecureElementPasses``.
    @available(*, deprecated, renamed: "remoteSecureElementPasses")
    open func remotePaymentPasses() -> [PKPaymentPass] {
        wallet?.passSnapshots(onWatch: true) ?? []
    }

    /// The pass with this type and serial number, looked up on the iPhone and
    /// then on the paired Watch (the Wallet deep link does not say which).
    open func pass(withPassTypeIdentifier identifier: String, serialNumber: String) -> PKPass? {
        guard let wallet else { return nil }
        let all = wallet.passSnapshots(onWatch: false) + wallet.passSnapshots(onWatch: true)
        return all.first { $0.passTypeIdentifier == identifier && $0.serialNumber == serialNumber }
    }

    /// Whether this pass is in the library (on the iPhone or the Watch).
    open func containsPass(_ pass: PKPass) -> Bool {
        self.pass(withPassTypeIdentifier: pass.passTypeIdentifier, serialNumber: pass.serialNumber) != nil
    }

    /// Whether a card can still be added somewhere: `false` only when a pass
    /// for `primaryAccountIdentifier` is on the iPhone and, if a Watch is
    /// paired, on the Watch too.
    open func canAddSecureElementPass(primaryAccountIdentifier: String) -> Bool {
        wallet?.devicesThatCanAdd(primaryAccountIdentifier).canAddAny ?? false
    }

    /// The pre-iOS 13.4 spelling of ``canAddSecureElementPass(primaryAccountIdentifier:)``.
    @available(*, deprecated, renamed: "canAddSecureElementPass(primaryAccountIdentifier:)")
    open func canAddPaymentPass(withPrimaryAccountIdentifier primaryAccountIdentifier: String) -> Bool {
        canAddSecureElementPass(primaryAccountIdentifier: primaryAccountIdentifier)
    }

    /// Activates a pass that requires activation with the network's activation
    /// data, and calls `completion` with the result on an arbitrary thread.
    ///
    /// The sandbox's card network checks `activationData`; on success the pass
    /// reads `PKSecureElementPass.PassActivationState.activated` in the store.
    /// Failures are `NSError`s in ``PKPassKitErrorDomain`` with the emulation's
    /// ``PassKitEmulationError`` as `NSUnderlyingErrorKey`.
    open func activate(
        _ secureElementPass: PKSecureElementPass, activationData: Data,
        completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil
    ) {
        let wallet = wallet
        let record = secureElementPass.record
        Task.detached {
            do {
                let activated = try await PKPassLibrary.activate(record, activationData: activationData, in: wallet)
                completion?(activated, nil)
            } catch {
                completion?(false, error)
            }
        }
    }

    /// Activates a pass that requires activation; the async twin of
    /// ``activate(_:activationData:completion:)``.
    ///
    /// - Returns: `true` once the pass is activated.
    /// - Throws: an `NSError` in ``PKPassKitErrorDomain`` when the network
    ///   refuses the activation data or the pass is unknown.
    open func activate(_ secureElementPass: PKSecureElementPass, activationData: Data) async throws -> Bool {
        try await Self.activate(secureElementPass.record, activationData: activationData, in: wallet)
    }

    private static func activate(
        _ record: SandboxPass, activationData: Data, in wallet: SimulatedWallet?
    ) async throws -> Bool {
        do {
            guard let wallet else {
                throw PassKitEmulationError(.notConfigured, "no simulated wallet is installed")
            }
            let updated = try await wallet.activate(record, activationData: activationData)
            return updated.activationState == .activated
        } catch let error as PassKitEmulationError {
            throw NSError(
                domain: PKPassKitErrorDomain, code: -1,
                userInfo: [NSLocalizedFailureReasonErrorKey: error.detail, NSUnderlyingErrorKey: error])
        }
    }
}

extension NSNotification.Name {
    /// Posted when a device's passes change (a pass added, its state
    /// followed from the network, activated), as in PassKit. The emulation
    /// posts it with no object: observe it without one.
    public static let PKPassLibraryDidChange = NSNotification.Name("PKPassLibraryDidChangeNotification")
}

extension SimulatedWallet {
    /// Tells observers of ``Foundation/NSNotification/Name/PKPassLibraryDidChange``.
    func passesDidChange() {
        NotificationCenter.default.post(name: .PKPassLibraryDidChange, object: nil)
    }
}
