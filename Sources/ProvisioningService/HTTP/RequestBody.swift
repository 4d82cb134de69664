import Foundation
import ProvisioningAPI

/// Decodes JSON request bodies into wire types, turning decoding failures into
/// problems that point at the field (by JSON pointer) without quoting it.
enum RequestBody {
    static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8]) throws(ServiceError) -> T {
        guard !body.isEmpty else { throw ServiceError(.malformedJSON, "the request body is empty") }
        let value: T
        do {
            value = try JSONDecoder.provisioningAPI.decode(type, from: Data(body))
        } catch {
            throw problem(for: error)
        }
        try refuseUnknownMembers(body, schema: String(describing: T.self))
        return value
    }

    /// Refuses members the contract's schema (named after the wire type) does
    /// not define, as its `additionalProperties: false` says, and members
    /// that are `null`, which no schema allows; the problem names each by
    /// JSON pointer, never with its value.
    static func refuseUnknownMembers(_ body: [UInt8], schema: String) throws(ServiceError) {
        guard let contract = SchemaMembers.contract, contract.defines(schema),
            let json = try? JSONSerialization.jsonObject(with: Data(body))
        else { return }
        if let refusal = contract.refusal(in: json, schema: schema) {
            throw ServiceError(.invalidField, refusal.detail, fieldProblems: refusal.fields)
        }
    }

    static func problem(for error: any Error) -> ServiceError {
        guard let error = error as? DecodingError else {
            return ServiceError(.malformedJSON, "the request body is not valid JSON")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return invalid(FieldProblem.pointer(for: context.codingPath + [key]), .missing)
        case .valueNotFound(_, let context):
            return invalid(FieldProblem.pointer(for: context.codingPath), .missing)
        case .typeMismatch(_, let context):
            return invalid(FieldProblem.pointer(for: context.codingPath), .wrongType)
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return ServiceError(.malformedJSON, "the request body is not valid JSON")
        case .dataCorrupted(let context):
            let pointer = FieldProblem.pointer(for: context.codingPath)
            let binary = ["/nonce", "/nonceSignature", "/certificateChain", "/encryptedPassData", "/activationData"]
            let isBinary = binary.contains { pointer == $0 || pointer.hasPrefix($0 + "/") }
            return invalid(pointer, isBinary ? .invalidBase64 : .malformed)
        @unknown default:
            return ServiceError(.malformedJSON, "the request body is not valid JSON")
        }
    }

    private static func invalid(_ pointer: String, _ reason: FieldProblemReason) -> ServiceError {
        ServiceError(
            .invalidField, "the request has an invalid field",
            fieldProblems: [FieldProblem(field: pointer, reason: reason)])
    }
}
