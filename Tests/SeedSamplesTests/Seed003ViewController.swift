// Seed 003 ("Push Provisioning"; only the Japanese copy exists, garbled in
// its step 2): every Swift sample, gathered in the view controller the seed
// declares.
//
// Edits to the seed's code, all of them:
// 1. Import lines: PassKit and UIKit beside the seed's `import
//    WatchConnectivity` on Apple platforms, PassKitEmulation (their stand-ins)
//    elsewhere; PushProvisioning (the SDK) added.
// 2. Step 1's samples (getCardDigitizationResult ×3, the two `updateUI`,
//    getToken by last4 and by serial number), written at the seed's file
//    level, are placed in the seed's `ViewController` (they call
//    `self?.updateUI` and read `isWatchPaired`, so they are its methods).
// 3. Step 2's samples, interleaved by the garbling, are reassembled in the
//    only order their lines compile: `onProvisionCompletion` (TPCError, then
//    PKPassKitErrorDomain codes, then the pass) and `provision()` with the
//    CardScheme enum; the second `provision()` (scheme string, productId,
//    primaryAccountIdentifier) is the same method of a second controller,
//    `SchemeStringViewController`, since one class cannot hold both.
// 4. The class is not `final`, so tests may subclass it to observe calls.
// 5. Comments translated to English; layout as swift-format leaves it.
// 6. The three WCSessionDelegate methods are `nonisolated` and set
//    `isWatchPaired` on the main actor. As written they do not compile for iOS
//    in Swift 6: Apple's WCSessionDelegate is not main-actor isolated and
//    WCSession calls it on a background queue (scripts/check-apple-conformance.sh
//    compiles the seed's own version against Apple's interface and expects
//    that error).
import Foundation
import PushProvisioning

#if canImport(PassKit)
import PassKit
import UIKit
import WatchConnectivity
#else
import PassKitEmulation
#endif

class ViewController: UIViewController, TPCSDKProvisionDelegate, WCSessionDelegate {
    // to keep the isWatchPaired value before calling TPC functions
    var isWatchPaired = false

    override func viewDidLoad() {
        super.viewDidLoad()
        // Do any additional setup after loading the view.
        if WCSession.isSupported() {
            let session = WCSession.default
            session.delegate = self
            session.activate()
        }
    }

    // MARK: WCSessionDelegate
    nonisolated func session(
        _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: Error?
    ) {
        if error != nil {
            // handle the error
        } else if activationState == .activated && session.isPaired {
            Task { @MainActor in isWatchPaired = true }
        }
    }

    nonisolated func sessionDidBecomeInactive(_ session: WCSession) {
        // handle sessionDidBecomeInactive
        Task { @MainActor in isWatchPaired = false }
    }

    nonisolated func sessionDidDeactivate(_ session: WCSession) {
        // handle sessionDidDeactivate
        Task { @MainActor in isWatchPaired = false }
    }

    // The following applies to iOS SDK 2.0.0 and earlier.

    func getCardDigitizationResultWithFundingCardWithSchemeAndPayload() {
        let scheme = CardScheme.Mastercard
        let payload = "PKCS7 encrypted PAN"

        let card = FundingCard(
            scheme: scheme,
            encryptedPayload: payload)

        TPCSDK.getCardDigitizationResult(card: card) { [weak self] (primaryAccountIdentifier, sdkResult, error) in
            self?.updateUI(for: sdkResult, sdkError: error)
        }
    }

    func getCardDigitizationResultWithPrimaryAccountIdentifier() {
        let primaryAccountIdentifier = "primaryAccountIdentifier"

        TPCSDK.getCardDigitizationResult(primaryAccountIdentifier: primaryAccountIdentifier) {
            [weak self] (primaryAccountIdentifier, sdkResult, error) in
            self?.updateUI(for: sdkResult, sdkError: error)
        }
    }

    func getCardDigitizationResultWithPrimaryAccountNumberSuffix() {
        let scheme = "SCHEME"  // VISA, MASTERCARD, AMEX, DISCOVER
        let encryptedPayload = "PKCS7 encrypted PAN"
        let primaryAccountNumberSuffix = "Last 4 Digits of PAN"

        let card = FundingCard(
            schemeString: scheme,
            encryptedPayload: encryptedPayload)

        TPCSDK.getCardDigitizationResult(card: card, primaryAccountNumberSuffix: primaryAccountNumberSuffix) {
            [weak self] (primaryAccountIdentifier, sdkResult, error) in
            self?.updateUI(for: sdkResult, sdkError: error)
        }
    }

    func updateUI(for sdkResult: CardDigitizationResult?, sdkError: Error?) {
        if let error = sdkError {
            // handle the error
        } else if let sdkResult = sdkResult {
            if sdkResult.localPKPass?.secureElementPass?.passActivationState == .requiresActivation {
                // see token lifecycle management for the activate action.
                // Activation of the card is pending on the iPhone.
            } else if sdkResult.remotePKPass?.secureElementPass?.passActivationState == .requiresActivation {
                // see token lifecycle management for the activate action.
                // Activation of the card is pending on the Apple Watch.
            } else if sdkResult.localPKPass != nil && sdkResult.remotePKPass == nil {
                if isWatchPaired {
                    // show the "Add to Apple Wallet" button for Apple Watch.
                } else {
                    // hide the "Add to Apple Wallet" button.
                }
            } else if sdkResult.localPKPass == nil {
                // show the "Add to Apple Wallet" button.
            } else if sdkResult.localPKPass != nil && sdkResult.remotePKPass != nil {
                // the card is already provisioned. Hide the "Add to Apple Wallet" button.
            }
        }
    }

    // The following applies to iOS SDK 2.1.0 and later.

    func getTokenWithInputByLast4() {
        // last 4 digits of the physical card (FPAN).
        let last4 = "1234"
        let tokenInput = GetTokenInput(last4: last4)
        TPCSDK.getToken(input: tokenInput) { [weak self] (localPass, remotePass, error) in
            self?.updateUI(for: localPass, remotePass: remotePass, sdkError: error)
        }
    }

    // - Since: 2.3.0
    func getTokenWithInputBySerialNumber() {
        // the serial number provided by Apple Pay.
        let serialNumber = "Serial number"
        let tokenInput = GetTokenInput(serialNumber: serialNumber)
        TPCSDK.getToken(input: tokenInput) { [weak self] (localPass, remotePass, error) in
            self?.updateUI(for: localPass, remotePass: remotePass, sdkError: error)
        }
    }

    func updateUI(for localPass: PKPass?, remotePass: PKPass?, sdkError: Error?) {
        if let error = sdkError {
            // handle the error.
        } else {
            if localPass?.secureElementPass?.passActivationState == .requiresActivation {
                // see token lifecycle management for the activate action.
                // Activation of the card is pending on the iPhone.
            } else if remotePass?.secureElementPass?.passActivationState == .requiresActivation {
                // see token lifecycle management for the activate action.
                // Activation of the card is pending on the Apple Watch.
            } else if localPass != nil && remotePass == nil {
                if isWatchPaired {
                    // show the "Add to Apple Wallet" button for Apple Watch.
                } else {
                    // hide the "Add to Apple Wallet" button.
                }
            } else if localPass == nil {
                // show the "Add to Apple Wallet" button.
            } else if localPass != nil && remotePass != nil {
                // the card is already provisioned. Hide the "Add to Apple Wallet" button.
            }
        }
    }

    // Step 2: provision the card (standard scheme enum values Visa,
    // Mastercard, Amex, Discover).

    func onProvisionCompletion(pass: PKPaymentPass?, error: Error?) {
        if let error = error {
            if let tpcError = error as? TPCError {
                // handle the TPCError
            } else {
                let provisionError = error as NSError
                if provisionError.domain == PKPassKitErrorDomain {
                    // error from Apple
                    // https://developer.apple.com/documentation/passkit/pkaddpaymentpasserror
                    switch provisionError.code {
                    case PKAddPaymentPassError.unsupported.rawValue:
                        print("The app cannot add cards to Apple Pay.")
                    case PKAddPaymentPassError.userCancelled.rawValue:
                        print("The user cancelled the request to add a card to Apple Pay.")
                    case PKAddPaymentPassError.systemCancelled.rawValue:
                        print("The system cancelled the request to add a card to Apple Pay.")
                    default:
                        break
                    }
                }
            }
        } else if let pass = pass {
            // handle the successful result with the pass object
        }
    }

    func provision() {
        let suffix = "1234"
        let cardholderName = "John Doe"
        let scheme = CardScheme.Mastercard
        let payload = "PKCS7 encrypted PAN"
        let code = "code"

        TPCSDK.provision(
            fromController: self,
            primaryAccountSuffix: suffix,
            cardholderName: cardholderName,
            scheme: scheme,
            encryptedPayload: payload,
            authorizationCode: code,
            provisionDelegate: self)
    }
}

// Step 2, provisioning with a scheme string (standard), productId and
// primaryAccountIdentifier.
class SchemeStringViewController: ViewController {
    override func provision() {
        let suffix = "1234"
        let cardholderName = "John Doe"
        let scheme = "SCHEME"  // VISA, MASTERCARD, AMEX, DISCOVER
        let payload = "PKCS7 encrypted PAN"
        let code = "code"
        let productId = "productId"  // applies to domestic schemes only; from the bank's card management system.
        let primaryAccountIdentifier = "primaryAccountIdentifier"

        TPCSDK.provision(
            fromController: self,
            primaryAccountSuffix: suffix,
            cardholderName: cardholderName,
            schemeString: scheme,
            encryptedPayload: payload,
            authorizationCode: code,
            productId: productId,
            primaryAccountIdentifier: primaryAccountIdentifier,
            provisionDelegate: self)
    }
}
