import Foundation
import ProvisioningAPI

extension FuzzTarget {
    /// Every request body the service and sandbox decode, through
    /// `JSONDecoder.provisioningAPI`.
    ///
    /// The first input byte picks the body type (modulo the number of types);
    /// the rest is the JSON document.
    public static let requestBodies = FuzzTarget(name: "request-bodies") { input in
        guard let selector = input.first else { return .refused }
        let body = Data(input.dropFirst())
        let decoder = JSONDecoder.provisioningAPI
        let decode = requestBodyDecoders[Int(selector) % requestBodyDecoders.count]
        do {
            try decode(decoder, body)
            return .accepted
        } catch {
            return .refused
        }
    }

    /// One closure per body type; the order is part of the corpus format (the
    /// selector byte), so new types are appended, never inserted.
    static let requestBodyDecoders: [@Sendable (JSONDecoder, Data) throws -> Void] = [
        { _ = try $0.decode(ApplePayProvisioningRequest.self, from: $1) },
        { _ = try $0.decode(TokenStateChangeRequest.self, from: $1) },
        { _ = try $0.decode(BackOfficeTokenStateChangeRequest.self, from: $1) },
        { _ = try $0.decode(TokenEventNotification.self, from: $1) },
        { _ = try $0.decode(SandboxDeviceRegistrationRequest.self, from: $1) },
        { _ = try $0.decode(SandboxPassRequest.self, from: $1) },
        { _ = try $0.decode(SandboxPassActivationRequest.self, from: $1) },
        { _ = try $0.decode(WalletRegistrationRequest.self, from: $1) },
        { _ = try $0.decode(CardEnrollmentRequest.self, from: $1) },
        { _ = try $0.decode(DigitalCardStateChangeRequest.self, from: $1) },
        { _ = try $0.decode(DefaultCardRequest.self, from: $1) },
        { _ = try $0.decode(ActivationVerificationRequest.self, from: $1) },
        { _ = try $0.decode(PaymentRequest.self, from: $1) },
    ]
}
