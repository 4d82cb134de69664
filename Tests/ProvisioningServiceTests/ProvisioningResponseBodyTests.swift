import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct ProvisioningResponseBodyTests {
    private static func randomData(_ range: ClosedRange<Int>) -> Data {
        Data((0..<Int.random(in: range)).map { _ in UInt8.random(in: 0...255) })
    }

    /// The hand-written body must be the bytes `JSONEncoder.provisioningAPI` writes.
    @Test func bodyMatchesTheWireEncoder() throws {
        for round in 0..<200 {
            let response = ApplePayProvisioningResponse(
                encryptedPassData: Self.randomData(0...400), activationData: Self.randomData(0...40),
                ephemeralPublicKey: round % 3 == 0 ? nil : Self.randomData(65...65),
                wrappedKey: round % 4 == 0 ? Self.randomData(1...256) : nil,
                provisioningId: Hex.encode(Array(Self.randomData(16...16))),
                tokenReference: round % 5 == 0 ? "DNITHE30200000\(round)/é" : nil)
            let expected = Array(try JSONEncoder.provisioningAPI.encode(response))
            #expect(try ProvisioningResponseBody.encode(response) == expected)
        }
    }

    @Test func stringsThatNeedEscapingStillMatchTheWireEncoder() throws {
        for id in ["quote\"d", "back\\slash", "line\nbreak", "tab\there", "\u{1}"] {
            let response = ApplePayProvisioningResponse(
                encryptedPassData: Data([1, 2, 3]), activationData: Data([4]), provisioningId: id,
                tokenReference: id)
            #expect(
                try ProvisioningResponseBody.encode(response) == Array(try JSONEncoder.provisioningAPI.encode(response))
            )
        }
    }

    @Test func responseIsJSONWithStatusOK() throws {
        let response = try ProvisioningResponseBody.response(
            ApplePayProvisioningResponse(encryptedPassData: Data([1]), activationData: Data([2]), provisioningId: "p"))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
    }
}
