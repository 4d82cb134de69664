import Foundation
import ProvisioningAPI

/// A pass in Wallet, as in PassKit: a snapshot taken when the pass library
/// was read.
///
/// Emulated passes are payment passes held by the simulated iPhone or its
/// paired Watch (``SimulatedWallet``); ``secureElementPass`` gives their card
/// details. A snapshot does not change: read the library again (after
/// ``SimulatedWallet/synchronize()``) to see a new state.
///
/// ```swift
/// let pass = PKPassLibrary().pass(withPassTypeIdentifier: "paymentpass.com.apple", serialNumber: serial)
/// let tokenId = pass?.secureElementPass?.deviceAccountIdentifier
/// ```
open class PKPass: PKObject {
    /// The store's record behind this snapshot.
    let record: SandboxPass
    private let remote: Bool

    init(record: SandboxPass, isRemotePass: Bool) {
        self.record = record
        self.remote = isRemotePass
        super.init()
    }

    /// Reads a pass from its data.
    ///
    /// Apple reads a signed `.pkpass` archive here; the emulation reads its own
    /// pass format, the JSON of a `SandboxPass` (what the sandbox answers for a
    /// device's passes), and makes a local (iPhone) secure-element pass.
    ///
    /// - Throws: ``PKPassKitError`` ``PKPassKitError/invalidDataError``
    ///   (in ``PKPassKitErrorDomain``, code 1) when the data is not such a pass.
    public convenience init(data: Data) throws {
        guard let record = try? JSONDecoder.provisioningAPI.decode(SandboxPass.self, from: data) else {
            throw PKPassKitError(
                .invalidDataError, userInfo: [NSLocalizedFailureReasonErrorKey: "the data is not an emulated pass"])
        }
        self.init(record: record, isRemotePass: false)
    }

    /// The kind of pass; emulated passes are all ``PKPassType/secureElement``.
    open var passType: PKPassType { .secureElement }

    /// The pass as a secure-element pass, or `nil` for other kinds.
    open var secureElementPass: PKSecureElementPass? { self as? PKSecureElementPass }

    /// The pass as a payment pass (pre-iOS 13.4 name).
    @available(*, deprecated, renamed: "secureElementPass")
    open var paymentPass: PKPaymentPass? { self as? PKPaymentPass }

    /// The pass's serial number, unique within its pass type and device.
    open var serialNumber: String { record.serialNumber }

    /// The pass type identifier: `paymentpass.com.apple` for payment passes.
    open var passTypeIdentifier: String { record.passTypeIdentifier }

    /// The pass's web service; payment passes have none.
    open var webServiceURL: URL? { nil }

    /// The web service token; payment passes have none.
    open var authenticationToken: String? { nil }

    /// The name of the kind of pass, as Wallet shows it.
    open var localizedName: String { "Payment card" }

    /// The pass's description (issuer and network).
    open var localizedDescription: String { record.localizedDescription ?? "" }

    /// The organization that issued the pass.
    open var organizationName: String { record.localizedDescription ?? "" }

    /// The date the pass becomes relevant; payment passes have none.
    open var relevantDate: Date? { nil }

    /// Custom pass data; payment passes have none.
    open var userInfo: [AnyHashable: Any]? { nil }

    /// A URL that opens the pass in Wallet; the emulation has no Wallet UI.
    open var passURL: URL? { nil }

    /// `true` when the pass is on the paired Watch rather than this device.
    open var isRemotePass: Bool { remote }

    /// The name of the device that holds the pass.
    open var deviceName: String { record.deviceName }

    /// A field's localized value; emulated passes have no custom fields.
    open func localizedValue(forFieldKey key: String) -> Any? { nil }

    /// Passes are equal when they are the same pass on the same device, whatever
    /// state each snapshot saw.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? PKPass else { return false }
        return other.record.passTypeIdentifier == record.passTypeIdentifier
            && other.record.serialNumber == record.serialNumber && other.record.deviceId == record.deviceId
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(record.passTypeIdentifier)
        hasher.combine(record.serialNumber)
        hasher.combine(record.deviceId)
        return hasher.finalize()
    }
}
