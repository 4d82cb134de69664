import Foundation
import ProvisioningCrypto
import ProvisioningService
import Testing

@testable import MastercardMDES

@Suite(.timeLimit(.minutes(3))) struct TokenizationAuthenticationValueTests {
    static let key = Result { try RSA.PrivateKey(bits: 2048) }
    static let pan = "5413330089010012"
    static let expiry = CardExpiration(month: 12, year: 2029)!
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func tav() throws -> TokenizationAuthenticationValue {
        try TokenizationAuthenticationValue.Signer(key: key.get()).make(
            accountNumber: pan, expiration: expiry, now: now)
    }

    @Test func aTAVVerifiesForItsCardUntilItsValidityPasses() throws {
        let tav = try Self.tav()
        let verified = try TokenizationAuthenticationValue.verify(
            tav.bytes, publicKey: Self.key.get().publicKey, accountNumber: Self.pan, expiration: Self.expiry,
            now: Self.now.addingTimeInterval(60))
        #expect(verified.validUntil == Self.now.addingTimeInterval(TokenizationAuthenticationValue.validity))
        #expect {
            try TokenizationAuthenticationValue.verify(
                tav.bytes, publicKey: Self.key.get().publicKey, accountNumber: Self.pan, expiration: Self.expiry,
                now: tav.validUntil)
        } throws: { ($0 as? MDESError)?.code == .tavRefused }
    }

    @Test func anotherCardAnotherExpiryOrAnotherKeyIsRefused() throws {
        let tav = try Self.tav()
        for (pan, expiry) in [("5413330089010020", Self.expiry), (Self.pan, CardExpiration(month: 11, year: 2029)!)] {
            #expect {
                try TokenizationAuthenticationValue.verify(
                    tav.bytes, publicKey: Self.key.get().publicKey, accountNumber: pan, expiration: expiry,
                    now: Self.now)
            } throws: { ($0 as? MDESError)?.code == .tavRefused }
        }
        #expect {
            try TokenizationAuthenticationValue.verify(
                tav.bytes, publicKey: try RSA.PrivateKey(bits: 2048).publicKey, accountNumber: Self.pan,
                expiration: Self.expiry, now: Self.now)
        } throws: { ($0 as? MDESError)?.code == .tavRefused }
    }

    @Test(arguments: [[UInt8](), Array("not base64".utf8), Array("e30=".utf8)])
    func somethingThatIsNotATAVIsMalformed(bytes: [UInt8]) throws {
        #expect {
            try TokenizationAuthenticationValue.verify(
                bytes, publicKey: Self.key.get().publicKey, accountNumber: Self.pan, expiration: Self.expiry,
                now: Self.now)
        } throws: { ($0 as? MDESError)?.code == .tavMalformed }
    }

    @Test func theAttemptIdDependsOnTheNonceToo() throws {
        let tav = try Self.tav()
        let first = try TokenizationAuthenticationValue.provisioningId(tav: tav.bytes, nonce: [1, 2, 3, 4])
        let second = try TokenizationAuthenticationValue.provisioningId(tav: tav.bytes, nonce: [1, 2, 3, 5])
        #expect(first.count == ActivationData.provisioningIdByteCount)
        #expect(first != second)
    }
}
