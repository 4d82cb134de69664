import DigitalCardsOpenSSL
import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Testing

@testable import DigitalCards

/// The SDK's cryptography on the injected OpenSSL provider, against
/// published vectors and against the service's documented formats.
@Suite("Wallet cryptography", .timeLimit(.minutes(10)))
struct WalletCryptoTests {
    let provider = OpenSSLWalletCryptoProvider()

    private func hex(_ string: String) -> Data {
        var bytes = Data()
        var index = string.startIndex
        while index < string.endIndex {
            let next = string.index(index, offsetBy: 2)
            bytes.append(UInt8(string[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    @Test func hkdfMatchesRFC5869TestCase1() throws {
        let okm = try HKDF(crypto: provider).deriveKey(
            inputKeyMaterial: hex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b"),
            salt: hex("000102030405060708090a0b0c"), info: hex("f0f1f2f3f4f5f6f7f8f9"), outputByteCount: 42)
        #expect(
            okm
                == hex(
                    "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))
    }

    /// Seals a batch the way the service documents it, with ProvisioningCrypto.
    private func sealBatch(
        to walletPublicKey: Data, keys: [Data], tamperWith tampered: Int? = nil
    ) throws
        -> PaymentKeyBatch
    {
        let ephemeral = try P256.PrivateKey()
        let ephemeralPoint = try ephemeral.publicKeyX963Representation
        let shared = try ephemeral.sharedSecret(with: P256.PublicKey(x963Representation: [UInt8](walletPublicKey)))
        // HKDF written out with the library's HMAC, independent of the SDK's.
        let prk = try HMACSHA256.authenticationCode(for: shared, key: ephemeralPoint)
        let kek = try HMACSHA256.authenticationCode(
            for: Array(PaymentKeyBatch.keyDerivationInfo.utf8) + [1], key: prk)
        let sealed = try keys.enumerated().map { index, key in
            let keyId = "key-\(index)"
            let nonce = try SecureRandom.bytes(count: 12)
            var box = try AES256GCM.sealCombined([UInt8](key), key: kek, iv: nonce, aad: Array(keyId.utf8))
            if index == tampered { box[0] ^= 0x01 }
            return PaymentKey(keyId: keyId, scheme: .visa, encryptedKey: Data(nonce + box))
        }
        return PaymentKeyBatch(
            cardId: "card-1", keyType: .limitedUse, issuedAt: Date(), ephemeralPublicKey: Data(ephemeralPoint),
            keys: sealed,
            paymentKeyInfo: PaymentKeyStatus(
                numberOfPaymentsLeft: keys.count, keyType: .limitedUse))
    }

    @Test func paymentKeysSealedAsDocumentedOpenWithTheWalletKey() throws {
        let wallet = try provider.generateP256PrivateKey()
        let secrets = try (0..<3).map { _ in Data(try SecureRandom.bytes(count: 32)) }
        let batch = try sealBatch(to: try provider.p256PublicKey(privateKey: wallet), keys: secrets)
        let opened = try PaymentKeyDecryptor(crypto: provider).open(batch, walletPrivateKey: wallet)
        #expect(opened.map(\.secret) == secrets)
        #expect(opened.map(\.keyId) == ["key-0", "key-1", "key-2"])
    }

    @Test func aBatchForAnotherWalletOrTamperedIsRefused() throws {
        let wallet = try provider.generateP256PrivateKey()
        let other = try provider.generateP256PrivateKey()
        let secrets = [Data(try SecureRandom.bytes(count: 32)), Data(try SecureRandom.bytes(count: 32))]
        let forOther = try sealBatch(to: try provider.p256PublicKey(privateKey: other), keys: secrets)
        #expect(throws: DigitalCardError.self) {
            try PaymentKeyDecryptor(crypto: provider).open(forOther, walletPrivateKey: wallet)
        }
        let tampered = try sealBatch(to: try provider.p256PublicKey(privateKey: wallet), keys: secrets, tamperWith: 1)
        let error = #expect(throws: DigitalCardError.self) {
            try PaymentKeyDecryptor(crypto: provider).open(tampered, walletPrivateKey: wallet)
        }
        #expect(error?.code == .cryptoFailure)
    }

    @Test func walletSignatureVerifiesWithItsPublicKey() throws {
        let wallet = try provider.generateP256PrivateKey()
        let message = Data("wallet".utf8)
        let signature = try provider.p256Signature(for: message, privateKey: wallet)
        let publicKey = try P256.PublicKey(x963Representation: [UInt8](try provider.p256PublicKey(privateKey: wallet)))
        #expect(
            publicKey.isValidSignature(try ECDSASignature(rawRepresentation: [UInt8](signature)), for: [UInt8](message))
        )
        #expect(
            !publicKey.isValidSignature(
                try ECDSASignature(rawRepresentation: [UInt8](signature)), for: [UInt8]("other".utf8)))
    }

    @Test func configurationWithoutCryptoProviderIsRefusedWhereCryptoKitIsMissing() throws {
        #if canImport(CryptoKit)
        _ = try DigitalCardsConfiguration(
            url: "https://bank.example/mg/tpc", issuerId: "bank-1", storageDirectory: URL(fileURLWithPath: "/tmp"))
        #else
        let error = #expect(throws: DigitalCardError.self) {
            try DigitalCardsConfiguration(
                url: "https://bank.example/mg/tpc", issuerId: "bank-1", storageDirectory: URL(fileURLWithPath: "/tmp"))
        }
        #expect(error?.code == .invalidArgument)
        #endif
        let badURL = #expect(throws: DigitalCardError.self) {
            try DigitalCardsConfiguration(
                url: "ftp://bank.example", issuerId: "bank-1", storageDirectory: URL(fileURLWithPath: "/tmp"),
                cryptoProvider: provider)
        }
        #expect(badURL?.code == .invalidArgument)
    }
}
