// Seed 001 ("Apple Pay", Spanish original): the Swift sample that handles
// Wallet's deep link and activates the token.
//
// Edits to the seed's code, all of them:
// 1. Import lines added: Foundation, PassKit and UIKit on Apple platforms,
//    PassKitEmulation (their stand-ins, `UIApplication` included) elsewhere,
//    and PushProvisioning (the SDK); the seed shows none.
// 2. The free function is placed in `final class AppDelegate` (in an app it
//    is a method of the UIApplicationDelegate).
// 3. Placeholders the seed asks the integrator to fill in: `"SCHEME"` →
//    `SeedValues.scheme`, `"<JWT>"` → `SeedValues.authorizationCode`.
// 4. Layout and comments as swift-format and English leave them; no token
//    of the code changed otherwise.
import Foundation
import PushProvisioning

#if canImport(PassKit)
import PassKit
import UIKit
#else
import PassKitEmulation
#endif

@MainActor
final class AppDelegate {
    func application(
        _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    )
        -> Bool
    {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            // handle error e.g. logging
            return false
        }

        guard let queryItems = components.queryItems else {
            // handle error e.g. logging
            return false
        }

        // example of checking the query items
        let containsPassTypeIdentifier = queryItems.contains(where: {
            $0.name == "passTypeIdentifier" && $0.value == "paymentpass.com.apple"
        })
        let indexSerialNumber = queryItems.firstIndex(where: { $0.name == "serialNumber" })
        let containsAction = queryItems.contains(where: { $0.name == "action" })
        let validated = containsPassTypeIdentifier && indexSerialNumber != nil && containsAction

        guard validated, let indexSerialNumber = indexSerialNumber else {
            // handle error e.g. show error UI
            return false
        }

        var serialNumber = queryItems[indexSerialNumber].value
        let tokenRequestorId = "40010030273"  // only in case of VISA, otherwise empty string
        let scheme = SeedValues.scheme  // VISA, MASTERCARD, AMEX
        // provide the JWT value related to the card, from the issuer backend
        let authorizationCode = SeedValues.authorizationCode

        if let serialNumber = serialNumber {
            let tokenInput = GetTokenInput(serialNumber: serialNumber)
            TPCSDK.getToken(input: tokenInput) {
                (localPass, remotePass, error) in
                if let error = error {
                    // handle TPC error
                    return
                }

                var tokenId: String? = nil
                var last4: String? = nil
                if let localPass = localPass {
                    last4 = localPass.secureElementPass?.primaryAccountNumberSuffix
                    tokenId = localPass.secureElementPass?.deviceAccountIdentifier
                } else if let remotePass = remotePass {
                    last4 = remotePass.secureElementPass?.primaryAccountNumberSuffix
                    tokenId = remotePass.secureElementPass?.deviceAccountIdentifier
                }

                if let last4 = last4,
                    let tokenId = tokenId
                {

                    // show last4 for the confirmation UI

                    TPCSDK.updateTokenState(
                        tokenId: tokenId,
                        tokenRequestorId: tokenRequestorId,
                        schemeString: scheme,
                        authorizationCode: authorizationCode,
                        action: .Activate
                    ) { success, error in
                        if let error = error {
                            // handle TPC error
                        } else if success {
                            // to do: update the UI to show the card's digitization state
                        }
                    }
                }
            }
        } else {
            // handle error e.g. show error UI
            return false
        }
        return true
    }
}
