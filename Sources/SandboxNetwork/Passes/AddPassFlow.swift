import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningService
import ProvisioningStorage

/// Apple's side of "add payment pass": what Apple's servers do with the
/// `PKAddPaymentPassRequest` a device submits.
///
/// In order: decrypt the pass data with the sandbox leaf key (ECC_V2); the
/// nonce inside must equal the submitted one; the nonce signature inside must
/// verify with the device's key (ECDSA-SHA256, DER, over the nonce bytes); the
/// issuer is found by BIN and activation data (see ``IssuerDirectory``); the
/// nonce must have been issued to this device and be unused — it is consumed
/// in the same transaction that creates the token, pass and `CREATED` event;
/// the network's ID&V (the test card) decides approve / requires activation /
/// decline. The event is posted to the service before the pass is returned.
///
/// Submitting the very same request again (same nonce, same pass data) answers
/// the same pass (or the same decline) and never creates a second token; a
/// different request with a used nonce is a replay.
struct AddPassFlow: Sendable {
    static let maximumPassDataByteCount = 16 * 1024
    static let maximumDisplayFieldByteCount = 128
    static let maximumActivationDataByteCount = 4096

    let authority: SandboxCertificateAuthority
    let devices: DeviceRegistry
    let nonces: NonceStore
    let passes: PassStore
    let vault: NetworkTokenService
    let issuers: IssuerDirectory
    let outbox: NotificationOutbox
    let database: any SQLDatabase
    let clock: @Sendable () -> Date

    private enum Result: Sendable {
        case token(String, eventId: String?)
        case declined
    }

    func addPass(_ request: SandboxPassRequest, deviceId: String) async throws -> SandboxPass {
        try Self.checkShape(request)
        let device = try await devices.requireDevice(id: deviceId)
        let passData = try decrypt(request)
        let nonce = [UInt8](request.nonce)
        guard ConstantTime.equals(passData.nonce, nonce) else {
            throw SandboxError(
                .nonceUnknown, "the nonce is not the one inside the pass data",
                fields: [FieldProblem(field: "/nonce", reason: .mismatch)])
        }
        guard let signature = try? ECDSASignature(derRepresentation: passData.nonceSignature),
            device.publicKey.isValidSignature(signature, for: nonce)
        else {
            throw SandboxError(
                .nonceSignatureInvalid, "the nonce signature does not verify with the device key",
                fields: [FieldProblem(field: "/encryptedPassData", reason: .verificationFailed)])
        }
        let pan = passData.primaryAccountNumber
        guard Luhn.isValid(pan), (13...19).contains(pan.count) else {
            throw SandboxError(
                .invalidField, "the card number in the pass data is not valid",
                fields: [FieldProblem(field: "/encryptedPassData", reason: .luhn)])
        }
        let scheme = try Self.scheme(ofPAN: pan, hint: request.paymentNetwork)
        guard
            let (issuer, provisioningId) = issuers.resolve(
                IssuerDirectory.ActivationCheck(
                    activationData: [UInt8](request.activationData), nonce: nonce, scheme: scheme,
                    primaryAccountNumber: pan, expiration: CardExpiration(wireValue: passData.expiration),
                    now: clock()))
        else {
            throw SandboxError(
                .activationDataInvalid, "no issuer made this activation data for this nonce",
                fields: [FieldProblem(field: "/activationData", reason: .verificationFailed)])
        }
        let nonceHash = try NonceStore.hash(nonce)
        let requestHash = try Self.fingerprint(request)
        let decision = NetworkTokenService.decision(forPAN: pan)
        let display = PassStore.Display(
            primaryAccountIdentifier: try request.primaryAccountIdentifier
                ?? vault.primaryAccountIdentifier(forPAN: pan),
            paymentNetwork: request.paymentNetwork ?? CardSchemeName(scheme.wireValue),
            localizedDescription: request.localizedDescription ?? "\(issuer.settings.name) \(scheme.wireValue)")
        let tokenization = NetworkTokenService.TokenizationRequest(
            issuer: issuer.settings, scheme: scheme, primaryAccountNumber: pan, device: device,
            provisioningId: Hex.encode(provisioningId), nonce: nonce, nonceHash: nonceHash)
        let result = try await database.transaction { tx -> Result in
            switch try await nonces.consume(
                nonceHash: nonceHash, deviceId: device.id, requestHash: requestHash, on: tx)
            {
            case .resubmission(outcome: "declined", _):
                return .declined
            case .resubmission(outcome: "token", let tokenId?):
                return .token(tokenId, eventId: nil)
            case .resubmission:
                throw SandboxError(.corruptState, "a consumed nonce has no recorded outcome")
            case .fresh:
                guard decision != .decline else {
                    try await nonces.recordOutcome(nonceHash: nonceHash, outcome: "declined", tokenId: nil, on: tx)
                    return .declined
                }
                let (token, eventId) = try await vault.tokenize(
                    tokenization, state: decision == .approve ? .active : .inactive, on: tx)
                try await passes.create(for: token, display: display, now: clock(), on: tx)
                try await nonces.recordOutcome(nonceHash: nonceHash, outcome: "token", tokenId: token.id, on: tx)
                return .token(token.id, eventId: eventId)
            }
        }
        switch result {
        case .declined:
            throw SandboxError(.declined, "the card network declined this card")
        case .token(let tokenId, let eventId):
            if let eventId { await outbox.deliver(eventIds: [eventId]) }
            guard let pass = try await passes.pass(tokenId: tokenId) else {
                throw SandboxError(.corruptState, "the pass of a new token cannot be read")
            }
            return pass
        }
    }

    private func decrypt(_ request: SandboxPassRequest) throws -> ApplePayPassData {
        guard let ephemeral = request.ephemeralPublicKey else {
            throw SandboxError(
                .invalidField, "ECC_V2 pass data needs its ephemeral public key",
                fields: [FieldProblem(field: "/ephemeralPublicKey", reason: .missing)])
        }
        do {
            return try ApplePayECCV2.decryptPassData(
                ApplePayEncryptedPassData(
                    encryptedPassData: [UInt8](request.encryptedPassData), ephemeralPublicKey: [UInt8](ephemeral)),
                leafPrivateKey: authority.leafPrivateKey)
        } catch {
            throw SandboxError(
                .passDataUndecryptable, "the pass data does not decrypt with the sandbox leaf key",
                fields: [FieldProblem(field: "/encryptedPassData", reason: .verificationFailed)])
        }
    }

    /// Size and presence checks before any cryptography.
    static func checkShape(_ request: SandboxPassRequest) throws {
        var problems: [FieldProblem] = []
        if request.encryptionScheme == .rsaV2 {
            problems.append(FieldProblem(field: "/encryptionScheme", reason: .unsupported))
        }
        if request.encryptedPassData.isEmpty || request.encryptedPassData.count > maximumPassDataByteCount {
            problems.append(
                FieldProblem(
                    field: "/encryptedPassData", reason: request.encryptedPassData.isEmpty ? .missing : .tooLong))
        }
        // The sandbox's own format, or a network's (a TAV is a few hundred bytes).
        if request.activationData.count != ActivationData.byteCount
            && !(64...maximumActivationDataByteCount).contains(request.activationData.count)
        {
            problems.append(FieldProblem(field: "/activationData", reason: .malformed))
        }
        if let ephemeral = request.ephemeralPublicKey, ephemeral.count != 65 {
            problems.append(FieldProblem(field: "/ephemeralPublicKey", reason: .malformed))
        }
        if request.nonce.count != NonceStore.byteCount {
            problems.append(FieldProblem(field: "/nonce", reason: .malformed))
        }
        let display: [(String, String?)] = [
            ("/primaryAccountIdentifier", request.primaryAccountIdentifier),
            ("/primaryAccountSuffix", request.primaryAccountSuffix), ("/cardholderName", request.cardholderName),
            ("/localizedDescription", request.localizedDescription),
        ]
        for (field, value) in display where (value?.utf8.count ?? 0) > maximumDisplayFieldByteCount {
            problems.append(FieldProblem(field: field, reason: .tooLong))
        }
        if let first = problems.first {
            throw SandboxError(
                .invalidField, "the add request has invalid fields (first: \(first.field))", fields: problems)
        }
    }

    /// The network of a card: a documented test card's, else the BIN rules of
    /// the four international networks, else the device's configuration hint.
    static func scheme(ofPAN pan: String, hint: CardSchemeName?) throws -> CardScheme {
        if let card = SandboxTestCards.card(forPAN: pan, now: Date()),
            let scheme = CardScheme(wireValue: card.scheme.rawValue)
        {
            return scheme
        }
        for scheme in [CardScheme.visa, .mastercard, .amex, .discover] {
            let rule = CardSchemeRule.rule(for: scheme)
            if rule.acceptsBIN(of: pan) && rule.lengths.contains(pan.count) { return scheme }
        }
        if let hint, let scheme = CardScheme(wireValue: hint.rawValue) { return scheme }
        throw SandboxError(
            .invalidField, "the card's network cannot be told from its number",
            fields: [FieldProblem(field: "/paymentNetwork", reason: .missing)])
    }

    /// Identifies one add request: the same bytes submitted again are a
    /// resubmission, different bytes with the same nonce a replay.
    static func fingerprint(_ request: SandboxPassRequest) throws -> String {
        var bytes: [UInt8] = []
        for part in [request.encryptedPassData, request.ephemeralPublicKey ?? Data(), request.activationData] {
            let count = UInt32(part.count)
            bytes += [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
            bytes += part
        }
        return Hex.encode(try SHA256.hash(data: bytes))
    }
}

extension FieldProblemReason {
    /// Two values that must be equal differ.
    static let mismatch = FieldProblemReason(rawValue: "mismatch")
}
