import Foundation
import ProvisioningAPI
import ProvisioningCrypto

/// Reads an add-card request body without `JSONDecoder`, for the requests that
/// are well-formed — nearly all of them.
///
/// `Codable` decoding of the request was a few percent of a provisioning
/// request's CPU time. This reads the same members with the same rules — the
/// same base64 decoding (`Data(base64Encoded:)`, as the `.base64` strategy),
/// `null` as absent for optional members, the same scheme and encryption-scheme
/// parsing — and gives up, returning `nil`, at anything else: a parse error, a
/// missing or mistyped member, bad base64, a duplicate member name, a member
/// the contract does not define. The caller then decodes with `JSONDecoder`
/// (and ``RequestBody``'s check of the contract's members), so every refusal
/// keeps exactly the problem it had, and a body read here is one `JSONDecoder`
/// would decode identically.
enum ProvisioningRequestReader {
    /// The members of `ApplePayProvisioningRequest` in the contract.
    static let members: Set<String> = [
        "scheme", "productId", "auxiliaryScheme", "encryptedPayload", "authorizationCode", "certificateChain",
        "nonce", "nonceSignature", "primaryAccountIdentifier", "encryptionScheme",
    ]

    static func read(_ body: [UInt8]) -> ApplePayProvisioningRequest? {
        guard case .object(let object)? = try? JSONValue(parsing: body),
            object.keys.allSatisfy(members.contains),
            case .string(let scheme)? = object["scheme"],
            case .string(let encryptedPayload)? = object["encryptedPayload"],
            case .string(let authorizationCode)? = object["authorizationCode"],
            case .array(let chain)? = object["certificateChain"],
            let nonce = data(object["nonce"]), let nonceSignature = data(object["nonceSignature"]),
            case .some(let productId) = optionalString(object["productId"]),
            case .some(let auxiliaryScheme) = optionalString(object["auxiliaryScheme"]),
            case .some(let primaryAccountIdentifier) = optionalString(object["primaryAccountIdentifier"]),
            case .some(let encryptionSchemeText) = optionalString(object["encryptionScheme"])
        else { return nil }
        var certificateChain: [Data] = []
        certificateChain.reserveCapacity(chain.count)
        for certificate in chain {
            guard let der = data(certificate) else { return nil }
            certificateChain.append(der)
        }
        var encryptionScheme: PassEncryptionScheme?
        if let encryptionSchemeText {
            guard let known = PassEncryptionScheme(caseInsensitive: encryptionSchemeText) else { return nil }
            encryptionScheme = known
        }
        return ApplePayProvisioningRequest(
            scheme: CardSchemeName(scheme), productId: productId,
            auxiliaryScheme: auxiliaryScheme.map { CardSchemeName($0) },
            encryptedPayload: encryptedPayload, authorizationCode: authorizationCode,
            certificateChain: certificateChain, nonce: nonce, nonceSignature: nonceSignature,
            primaryAccountIdentifier: primaryAccountIdentifier, encryptionScheme: encryptionScheme)
    }

    private static func data(_ value: JSONValue?) -> Data? {
        guard case .string(let text)? = value else { return nil }
        return Data(base64Encoded: text)
    }

    /// `.some(nil)` for an absent or `null` member, `.some(text)` for a string,
    /// `nil` (give up) for anything else.
    private static func optionalString(_ value: JSONValue?) -> String?? {
        switch value {
        case nil, .null?: .some(nil)
        case .string(let text)?: .some(text)
        case _?: nil
        }
    }
}
