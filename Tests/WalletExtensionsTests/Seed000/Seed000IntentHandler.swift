// Seed 000 ("Extensiones de Push Provisioning"): the non-UI extension's
// samples — `IntentHandler` with `status`, `passEntries`, `remotePassEntries`,
// `generateAddPaymentPassRequestForPassEntryWithIdentifier` and
// `loadFromKeychain` — gathered in the one class the seed declares.
//
// Edits to the seed's code, all of them:
// 1. Imports: PassKit, Security and UIKit on Apple platforms, PassKitEmulation
//    (their stand-ins) elsewhere; PushProvisioning (the SDK) and
//    FoundationNetworking (URLSession on Linux) added.
// 2. Placeholders the seed asks the integrator to fill — the service URL and
//    issuer id in `configure`, `"<PKCS7 encrypted>"`, `"<authorization code>"`
//    and `"<productId>"` — read `SeedValues`.
// 3. The five snippets are one class; comments translated to English.
// 4. `if let error = error` whose `error` the seed never reads is
//    `if error != nil`, so the target builds without warnings.
import Foundation
import PushProvisioning

#if canImport(PassKit)
import PassKit
import Security
import UIKit
#else
import PassKitEmulation
#endif

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

class IntentHandler: PKIssuerProvisioningExtensionHandler {
    var urlSession: URLSession?

    // reference:
    // https://developer.apple.com/documentation/passkit/pkissuerprovisioningextensionhandler/3571367-status
    // Time limit: 100ms
    override func status(completion: @escaping (PKIssuerProvisioningExtensionStatus) -> Void) {
        let status = PKIssuerProvisioningExtensionStatus()
        status.requiresAuthentication = true
        status.passEntriesAvailable = false
        status.remotePassEntriesAvailable = false

        // configure TPCSDK, e.g. for the PPROD environment
        do {
            try TPCSDK.configure(url: SeedValues.serviceURL, issuerId: SeedValues.issuerId)
        } catch {
            // handle error
            completion(status)
        }

        // load the card information from the shared keychain
        // See the previous step for the sample code of `loadFromKeychain`
        let last4Array = [
            loadFromKeychain(key: "cardID1_Last4"),
            loadFromKeychain(key: "cardID2_Last4"),
        ].compactMap { $0 }

        let semaphore = DispatchSemaphore(value: 0)
        // for each card, check whether it is available (not digitized)
        for last4 in last4Array {
            // call TPC SDK getToken to check the digitization state
            TPCSDK.getToken(input: GetTokenInput(last4: last4)) { local, remote, error in
                if error != nil {
                    // handle error
                } else {
                    if local == nil {
                        // if at least one is not digitized on the iPhone,
                        // a card is available for digitization
                        status.passEntriesAvailable = true
                    }

                    if remote == nil {
                        // if at least one is not digitized on the Watch,
                        // a card is available for digitization
                        status.remotePassEntriesAvailable = true
                    }
                }

                semaphore.signal()
            }
            semaphore.wait()

            // if both pass and remotePass are available, no need to iterate further.
            if status.passEntriesAvailable && status.remotePassEntriesAvailable {
                break
            }
        }

        completion(status)
    }

    // reference:
    // https://developer.apple.com/documentation/passkit/pkissuerprovisioningextensionhandler/3571366-passentries
    // Time limit: 20s
    override func passEntries(completion: @escaping ([PKIssuerProvisioningExtensionPassEntry]) -> Void) {
        var entries: [PKIssuerProvisioningExtensionPassEntry] = []
        let semaphore = DispatchSemaphore(value: 0)

        // e.g. load the cardID from the keychain
        let cards = [
            "cardID1",
            "cardID2",
        ]

        // If you make network calls, you MUST reinitialize urlSession
        // urlSession = ...

        // Each card needs the following information, otherwise it might not be shown:
        // - card art
        // - cardholder name
        // - card last4
        // - card scheme
        // - card product title
        // - card identifier, to identify the card in the callback generateAddPaymentPassRequestForPassEntryWithIdentifier(...)
        for cardID in cards {
            guard let last4 = loadFromKeychain(key: "\(cardID)_Last4") else {
                // if the keychain fails, continue with the next ones
                continue
            }
            // check whether the card is available (not digitized).
            var isAvailable = false
            TPCSDK.getToken(input: GetTokenInput(last4: last4)) { local, _, error in
                if error != nil {
                    // handle error
                } else {
                    if local == nil {
                        // not digitized yet, so it is available
                        isAvailable = true
                    }
                }
                semaphore.signal()
            }
            semaphore.wait()
            guard isAvailable else {
                continue
            }

            // get the cardholder name
            let cardHolderName = "\(cardID)_cardHolderName"
            // get the card scheme
            let scheme = PKPaymentNetwork.masterCard
            // get the card product title
            let productTitle = "\(cardID)_productTitle"
            // get the card art
            let art = UIImage(systemName: "creditcard")!.cgImage!

            // create the configuration
            guard let config = PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2) else {
                // if it fails, continue with the next ones
                continue
            }

            config.cardholderName = cardHolderName
            config.primaryAccountSuffix = last4
            config.paymentNetwork = scheme

            // create the actual entry
            guard
                let entry = PKIssuerProvisioningExtensionPaymentPassEntry(
                    identifier: cardID,
                    title: productTitle,
                    art: art,
                    addRequestConfiguration: config)
            else {
                // if it fails, continue with the next ones
                continue
            }

            entries.append(entry)
        }

        completion(entries)
    }

    // reference:
    // https://developer.apple.com/documentation/passkit/pkissuerprovisioningextensionhandler/3606586-remotepassentries
    // Time limit: 20s
    override func remotePassEntries(completion: @escaping ([PKIssuerProvisioningExtensionPassEntry]) -> Void) {
        var remoteEntries: [PKIssuerProvisioningExtensionPassEntry] = []
        let semaphore = DispatchSemaphore(value: 0)

        // e.g. load the cardID from the keychain
        let cards = [
            "cardID1",
            "cardID2",
        ]

        // If you make network calls, you MUST reinitialize urlSession
        // urlSession = ...

        for cardID in cards {
            guard let last4 = loadFromKeychain(key: "\(cardID)_Last4") else {
                // if the keychain fails, continue with the next ones
                continue
            }
            // check whether the card is available (not digitized).
            var isAvailable = false
            TPCSDK.getToken(input: GetTokenInput(last4: last4)) { _, remote, error in
                if error != nil {
                    // handle error
                } else {
                    if remote == nil {
                        // not digitized yet, so it is available
                        isAvailable = true
                    }
                }
                semaphore.signal()
            }
            semaphore.wait()
            guard isAvailable else {
                continue
            }

            // get the cardholder name
            let cardHolderName = "\(cardID)_cardHolderName"
            // get the card scheme
            let scheme = PKPaymentNetwork.masterCard
            // get the card product title
            let productTitle = "\(cardID)_productTitle"
            // get the card art
            let art = UIImage(systemName: "creditcard")!.cgImage!

            // create the configuration
            guard let config = PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2) else {
                // if it fails, continue with the next ones
                continue
            }

            config.cardholderName = cardHolderName
            config.primaryAccountSuffix = last4
            config.paymentNetwork = scheme

            // create the actual entry
            guard
                let entry = PKIssuerProvisioningExtensionPaymentPassEntry(
                    identifier: cardID,
                    title: productTitle,
                    art: art,
                    addRequestConfiguration: config)
            else {
                // if it fails, continue with the next ones
                continue
            }

            remoteEntries.append(entry)
        }

        completion(remoteEntries)
    }

    // reference:
    // https://developer.apple.com/documentation/passkit/pkissuerprovisioningextensionhandler/3571365-generateaddpaymentpassrequestfor
    // Time limit: 20s
    override open func generateAddPaymentPassRequestForPassEntryWithIdentifier(
        _ identifier: String,
        configuration: PKAddPaymentPassRequestConfiguration,
        certificateChain certificates: [Data],
        nonce: Data,
        nonceSignature: Data,
        completionHandler completion: @escaping (PKAddPaymentPassRequest?) -> Void
    ) {
        let cardID = identifier
        // based on cardID, get encryptedPayload and authorizationCode, as in TPCSDK.provision(...)
        // - encryptedPayload, the card information encrypted in PKCS7.
        // - authorizationCode, authorization code provided by the issuer.
        let encryptedPayload = SeedValues.encryptedPayload(cardID)
        let authorizationCode = SeedValues.authorizationCode(cardID)
        // card scheme
        let scheme = CardScheme.Mastercard

        // If you make network calls, you MUST reinitialize urlSession
        // urlSession = ...

        // call TPCSDK to generate the request
        let sdkInput = GenerateAddPaymentPassRequestInput(
            scheme: scheme,
            encryptedPayload: encryptedPayload,
            authorizationCode: authorizationCode,
            certificateChain: certificates,
            nonce: nonce,
            nonceSignature: nonceSignature)
        // Only applicable to a domestic scheme. This can be retrieved from the Bank's Card Management System.
        // otherwise, it is nil
        sdkInput.productId = SeedValues.productId
        TPCSDK.generateAddPaymentPassRequestForInput(sdkInput) { request, error in
            if error != nil {
                // handle error
                completion(nil)
            } else {
                completion(request)
            }
        }
    }

    func loadFromKeychain(key: String) -> String? {
        let getQuery: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "BankServiceKechain",
            kSecAttrAccessGroup as String: "group.com.thalesgroup.gemalto.tpcsdk.app",
            kSecAttrAccount as String: key,
            kSecReturnData as String: true,
        ]
        var item: AnyObject?
        let status = SecItemCopyMatching(getQuery as CFDictionary, &item)
        if status == errSecSuccess,
            let data = item as? Data
        {
            return String(data: data, encoding: .utf8)
        }
        return nil
    }
}
