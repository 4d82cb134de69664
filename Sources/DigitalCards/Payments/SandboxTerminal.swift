import Foundation
import ProvisioningAPI

/// The sandbox's payment terminal: submits a ``ContactlessPayment`` to the
/// sandbox network, which verifies the cryptogram and consumes the key.
///
/// Sandbox only — a real terminal talks to its acquirer, not to the issuer's
/// service. Use it in tests and the demo to show that payments use up keys:
///
/// ```swift
/// let terminal = SandboxTerminal(url: sandboxURL)
/// let payment = try await card.tap(ContactlessTransaction(amount: 450, currency: "EUR"))
/// let receipt = try await terminal.submit(payment)
/// ```
public struct SandboxTerminal: Sendable {
    private let client: WalletHTTPClient

    /// A terminal of the sandbox at `url` (the service's base URL).
    public init(url: URL, requestTimeout: TimeInterval = 15) {
        client = WalletHTTPClient(baseURL: url, requestTimeout: requestTimeout)
    }

    /// Submits a payment once.
    ///
    /// - Returns: the receipt of an approved payment.
    /// - Throws: ``DigitalCardError`` ``DigitalCardError/Code/paymentDeclined``
    ///   when the network declines it (``DigitalCardError/serverCode`` says
    ///   why: `declined` for a card that is not active, `cryptogram-invalid`
    ///   for a wrong, replayed or revoked key); transport errors as usual.
    public func submit(_ payment: ContactlessPayment) async throws(DigitalCardError) -> PaymentReceipt {
        let body: Data
        do {
            body = try JSONEncoder.provisioningAPI.encode(payment.request)
        } catch {
            throw DigitalCardError(.invalidArgument, "the payment cannot be encoded")
        }
        let endpoint: APIEndpoint
        do {
            endpoint = try APIPaths.sandboxPayments()
        } catch {
            throw DigitalCardError(.invalidArgument, "the payments route cannot be built")
        }
        let response = try await client.exchange(endpoint, body: body, headers: [:])
        guard (200..<300).contains(response.status) else { throw WalletHTTPClient.error(for: response) }
        let result: PaymentResult
        do {
            result = try JSONDecoder.provisioningAPI.decode(PaymentResult.self, from: response.body)
        } catch {
            throw DigitalCardError(
                .invalidFormat, "the terminal's answer does not match the contract", requestId: response.requestId)
        }
        guard result.outcome == .approved, let authorizationId = result.authorizationId else {
            throw DigitalCardError(
                .paymentDeclined, "the network declined the payment", requestId: response.requestId,
                serverCode: result.declineReason?.rawValue, httpStatus: response.status)
        }
        return PaymentReceipt(
            authorizationId: authorizationId, cardId: payment.cardId, amount: payment.request.amount,
            currency: payment.request.currency, paymentsLeft: result.paymentsLeft)
    }
}
