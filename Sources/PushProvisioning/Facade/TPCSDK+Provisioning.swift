import Foundation

// Apple has the add-payment-pass sheet on iOS, iPadOS, Mac Catalyst and
// visionOS only (Package.swift, clientPlatformFeatures), each with UIKit; on
// Linux the emulation has the sheet and its view controllers.
#if ADD_PAYMENT_PASS_AVAILABLE
#if canImport(PassKit)
import PassKit
import UIKit
#else
import PassKitEmulation
#endif

extension TPCSDK {
    /// Adds a card to Apple Wallet: presents Apple's add-payment-pass sheet
    /// from `fromController`, gets the encrypted pass data from the service
    /// when Wallet asks for it, and reports the outcome to
    /// `provisionDelegate`.
    ///
    /// ```swift
    /// TPCSDK.provision(fromController: self, primaryAccountSuffix: "1234", cardholderName: "John Doe",
    ///                  scheme: .Mastercard, encryptedPayload: payload, authorizationCode: code,
    ///                  provisionDelegate: self)
    /// ```
    ///
    /// - Parameters:
    ///   - fromController: the view controller that presents the add sheet.
    ///   - primaryAccountSuffix: the PAN's last four digits, shown on the sheet.
    ///   - cardholderName: shown on the sheet. One of name and suffix is required.
    ///   - scheme: the card's network.
    ///   - encryptedPayload: the card, CMS enveloped data for the service's
    ///     certificate, base64 (from the bank's backend).
    ///   - authorizationCode: the bank's single-use code with scope `provision`.
    ///   - provisionDelegate: hears ``TPCSDKProvisionDelegate/onProvisionCompletion(pass:error:)`` once.
    @MainActor
    public static func provision(
        fromController: UIViewController, primaryAccountSuffix: String, cardholderName: String, scheme: CardScheme,
        encryptedPayload: String, authorizationCode: String, provisionDelegate: TPCSDKProvisionDelegate
    ) {
        provision(
            fromController: fromController, primaryAccountSuffix: primaryAccountSuffix,
            cardholderName: cardholderName, scheme: scheme, auxiliaryScheme: nil, encryptedPayload: encryptedPayload,
            authorizationCode: authorizationCode, productId: nil, primaryAccountIdentifier: nil,
            provisionDelegate: provisionDelegate)
    }

    /// Adds a card whose scheme is given as text, possibly a domestic scheme
    /// identified by `productId`.
    ///
    /// - Parameters:
    ///   - fromController: the view controller that presents the add sheet.
    ///   - primaryAccountSuffix: the PAN's last four digits, shown on the sheet.
    ///   - cardholderName: shown on the sheet. One of name and suffix is required.
    ///   - encryptedPayload: the card, CMS enveloped data for the service's
    ///     certificate, base64 (from the bank's backend).
    ///   - authorizationCode: the bank's single-use code with scope `provision`.
    ///   - provisionDelegate: hears ``TPCSDKProvisionDelegate/onProvisionCompletion(pass:error:)`` once.
    ///   - schemeString: `"VISA"`, `"MASTERCARD"`, `"AMEX"`, `"DISCOVER"`, or a
    ///     domestic scheme the service knows (with `productId`).
    ///   - productId: the product of a domestic scheme, from the bank's card
    ///     management system; `nil` otherwise.
    ///   - primaryAccountIdentifier: the `primaryAccountIdentifier` of the
    ///     card's pass on another device (from ``getToken(input:completion:)``),
    ///     so Wallet offers only the devices that lack the card.
    @MainActor
    public static func provision(
        fromController: UIViewController, primaryAccountSuffix: String, cardholderName: String, schemeString: String,
        encryptedPayload: String, authorizationCode: String, productId: String?, primaryAccountIdentifier: String?,
        provisionDelegate: TPCSDKProvisionDelegate
    ) {
        let trimmed = schemeString.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            provisionDelegate.onProvisionCompletion(
                pass: nil, error: TPCError(.invalidArgument, "the scheme string is empty"))
            return
        }
        let known = CardScheme(schemeString: trimmed)
        startProvisioning(
            fromController: fromController, primaryAccountSuffix: primaryAccountSuffix,
            cardholderName: cardholderName, network: known?.paymentNetwork,
            input: ProvisioningInput(
                scheme: known?.schemeName ?? .init(trimmed), auxiliaryScheme: nil, productId: productId,
                encryptedPayload: encryptedPayload, authorizationCode: authorizationCode,
                primaryAccountIdentifier: primaryAccountIdentifier),
            provisionDelegate: provisionDelegate)
    }

    /// Adds a card, with every option: a dual-brand card's
    /// `auxiliaryScheme`, a domestic `productId`, and the
    /// `primaryAccountIdentifier` of its pass on another device.
    @MainActor
    public static func provision(
        fromController: UIViewController, primaryAccountSuffix: String, cardholderName: String, scheme: CardScheme,
        auxiliaryScheme: CardScheme?, encryptedPayload: String, authorizationCode: String, productId: String?,
        primaryAccountIdentifier: String?, provisionDelegate: TPCSDKProvisionDelegate
    ) {
        startProvisioning(
            fromController: fromController, primaryAccountSuffix: primaryAccountSuffix,
            cardholderName: cardholderName, network: scheme.paymentNetwork,
            input: ProvisioningInput(
                scheme: scheme.schemeName, auxiliaryScheme: auxiliaryScheme?.schemeName, productId: productId,
                encryptedPayload: encryptedPayload, authorizationCode: authorizationCode,
                primaryAccountIdentifier: primaryAccountIdentifier),
            provisionDelegate: provisionDelegate)
    }

    @MainActor
    private static func startProvisioning(
        fromController: UIViewController, primaryAccountSuffix: String, cardholderName: String,
        network: PKPaymentNetwork?, input: ProvisioningInput, provisionDelegate: TPCSDKProvisionDelegate
    ) {
        do {
            let client = try client()
            let configuration = try ProvisioningSession.configuration(
                primaryAccountSuffix: primaryAccountSuffix, cardholderName: cardholderName, network: network,
                productId: input.productId, primaryAccountIdentifier: input.primaryAccountIdentifier)
            let session = ProvisioningSession(
                client: client, input: input, deadline: settings.provisioningDeadline, delegate: provisionDelegate)
            session.start(from: fromController, configuration: configuration)
        } catch {
            provisionDelegate.onProvisionCompletion(pass: nil, error: error)
        }
    }

    /// Produces Wallet's `PKAddPaymentPassRequest` for an issuer provisioning
    /// extension's `generateAddPaymentPassRequestForPassEntryWithIdentifier`
    /// (or any other caller that has Apple's certificates, nonce and
    /// signature).
    ///
    /// The completion is called once and before
    /// ``TPCSettings/provisioningDeadline`` (18 s by default, under Apple's
    /// 20 s): with the request, or `nil` and a ``TPCError``. Pass `nil` on to
    /// Wallet in that case.
    ///
    /// ```swift
    /// TPCSDK.generateAddPaymentPassRequestForInput(sdkInput) { request, error in
    ///     completion(error == nil ? request : nil)
    /// }
    /// ```
    public static func generateAddPaymentPassRequestForInput(
        _ input: GenerateAddPaymentPassRequestInput, completion: @escaping (PKAddPaymentPassRequest?, Error?) -> Void
    ) {
        let snapshot = input.snapshot
        let chain = input.certificateChain
        let nonce = input.nonce
        let signature = input.nonceSignature
        let deadline = settings.provisioningDeadline
        complete({ result in
            switch result {
            case .success(let request): completion(request, nil)
            case .failure(let error): completion(nil, error)
            }
        }) {
            try await addPaymentPassRequest(
                from: try client(), for: snapshot, certificateChain: chain, nonce: nonce, nonceSignature: signature,
                deadline: deadline)
        }
    }

    /// The async form of ``generateAddPaymentPassRequestForInput(_:completion:)``.
    ///
    /// It runs on the caller's actor (`isolation`) and returns a request made
    /// for the caller alone (`sending`): neither the input nor PassKit's
    /// request is `Sendable`.
    public static func generateAddPaymentPassRequest(
        for input: GenerateAddPaymentPassRequestInput, isolation: isolated (any Actor)? = #isolation
    ) async throws -> sending PKAddPaymentPassRequest {
        let snapshot = input.snapshot
        let chain = input.certificateChain
        let nonce = input.nonce
        let signature = input.nonceSignature
        return try await addPaymentPassRequest(
            from: try client(), for: snapshot, certificateChain: chain, nonce: nonce, nonceSignature: signature,
            deadline: settings.provisioningDeadline)
    }

    /// Asks the service for the pass data of `input` (under `deadline`
    /// seconds) and puts it in the request Wallet takes: for an issuer
    /// extension's call above and for the add sheet's (``ProvisioningSession``).
    static func addPaymentPassRequest(
        from client: TPCClient, for input: ProvisioningInput, certificateChain: [Data], nonce: Data,
        nonceSignature: Data, deadline: TimeInterval
    ) async throws -> sending PKAddPaymentPassRequest {
        let result = try await Deadline.run(seconds: deadline) {
            try await client.requestPassData(
                input, certificateChain: certificateChain, nonce: nonce, nonceSignature: nonceSignature,
                encryptionScheme: .eccV2)
        }
        let request = PKAddPaymentPassRequest()
        request.encryptedPassData = result.response.encryptedPassData
        request.activationData = result.response.activationData
        request.ephemeralPublicKey = result.response.ephemeralPublicKey
        request.wrappedKey = result.response.wrappedKey
        return request
    }
}
#endif
