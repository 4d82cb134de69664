import Foundation
import TestSupport
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct ApplePayECCV2Tests {
    static let passData = ApplePayPassData(
        primaryAccountNumber: "4111111111111111", expiration: "12/29", name: "Jane Appleseed",
        nonce: [0xDE, 0xAD, 0xBE, 0xEF, 0x01], nonceSignature: Array(repeating: 0xA5, count: 71))

    @Test func ephemeralKeyIsA65ByteUncompressedPointAndFreshEachTime() throws {
        let chain = try SandboxChain()
        let first = try ApplePayECCV2.encrypt(Self.passData, for: chain.leaf)
        let second = try ApplePayECCV2.encrypt(Self.passData, for: chain.leaf)
        #expect(first.ephemeralPublicKey.count == 65)
        #expect(first.ephemeralPublicKey.first == 0x04)
        #expect(first.ephemeralPublicKey != second.ephemeralPublicKey)
        #expect(first.encryptedPassData != second.encryptedPassData)
        let plaintextLength = try Self.passData.jsonRepresentation().count
        #expect(first.encryptedPassData.count == plaintextLength + AES256GCM.tagByteCount)
    }

    @Test func leafPrivateKeyOpensWhatWasSealed() throws {
        let chain = try SandboxChain()
        guard case .p256(let leafKey) = chain.leafKey else { throw CryptoError(.invalidKey, "fixture") }
        let sealed = try ApplePayECCV2.encrypt(Self.passData, for: chain.leaf)
        #expect(try ApplePayECCV2.decryptPassData(sealed, leafPrivateKey: leafKey) == Self.passData)
    }

    @Test func contentKeyIsTheSingleStepKDFOfAppleOtherInfo() throws {
        let leaf = try P256.PrivateKey()
        let ephemeral = try P256.PrivateKey()
        let point = ephemeral.publicKey.x963Representation
        let z = try ephemeral.sharedSecret(with: leaf.publicKey)
        let otherInfo = [0x0D] + Array("id-aes256-GCM".utf8) + Array("Apple".utf8) + point
        let expected = try SHA256.hash(data: [0, 0, 0, 1] + z + otherInfo)
        #expect(try ApplePayECCV2.contentKey(sharedSecret: z, ephemeralPublicKey: point) == expected)
    }

    @Test func wrongLeafKeyOrAlteredDataFailsAuthentication() throws {
        let chain = try SandboxChain()
        var sealed = try ApplePayECCV2.encrypt(Self.passData, for: chain.leaf)
        #expect(
            CryptoError.code {
                try ApplePayECCV2.decrypt(sealed, leafPrivateKey: P256.PrivateKey())
            } == .authenticationFailure)
        guard case .p256(let leafKey) = chain.leafKey else { throw CryptoError(.invalidKey, "fixture") }
        sealed.encryptedPassData[3] ^= 0x80
        #expect(throws: CryptoError(.authenticationFailure, "AES-GCM authentication failed")) {
            try ApplePayECCV2.decrypt(sealed, leafPrivateKey: leafKey)
        }
        sealed.ephemeralPublicKey = Array(sealed.ephemeralPublicKey.prefix(33))
        #expect(CryptoError.code { try ApplePayECCV2.decrypt(sealed, leafPrivateKey: leafKey) } == .invalidKey)
    }

    @Test func leafIsFoundByMarkerNotPosition() throws {
        let chain = try SandboxChain()
        #expect(try ApplePayECCV2.leafCertificate(in: [chain.intermediate, chain.leaf]) == chain.leaf)
        #expect(CryptoError.code { try ApplePayECCV2.leafCertificate(in: [chain.intermediate]) } == .missingLeafMarker)
    }

    @Test func passDataNeverShowsThePANWhenPrinted() {
        let text = "\(Self.passData) \(String(reflecting: Self.passData))"
        var dumped = ""
        dump(Self.passData, to: &dumped)
        #expect(!text.contains("4111111111111111"))
        #expect(!dumped.contains("4111111111111111"))
        #expect(!dumped.contains("12/29"))
    }

    // MARK: Interop with Python's `cryptography`

    @Test func pythonCryptographyOpensOurEncryptedPassData() async throws {
        let chain = try SandboxChain()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pp-eccv2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("leaf-key.pem")
        try Data(chain.leafKey.pemRepresentation.utf8).write(to: keyFile)

        let sealed = try ApplePayECCV2.encrypt(Self.passData, for: chain.leaf)
        let message = try JSONSerialization.data(withJSONObject: [
            "ephemeralPublicKey": Hex.encode(sealed.ephemeralPublicKey),
            "encryptedPassData": Hex.encode(sealed.encryptedPassData),
        ])
        let plaintext = try await InteropPython.run("ecc_v2.py", ["decrypt", keyFile.path], input: Array(message))
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(plaintext)) as? [String: String])
        #expect(
            fields == [
                "primaryAccountNumber": "4111111111111111", "expiration": "12/29", "name": "Jane Appleseed",
                "nonce": "deadbeef01", "nonceSignature": String(repeating: "a5", count: 71),
            ])
    }

    @Test func weOpenWhatPythonCryptographySealed() async throws {
        let chain = try SandboxChain()
        guard case .p256(let leafKey) = chain.leafKey else { throw CryptoError(.invalidKey, "fixture") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pp-eccv2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificateFile = directory.appendingPathComponent("leaf.pem")
        try Data(chain.leaf.pemRepresentation.utf8).write(to: certificateFile)

        let plaintext = try Self.passData.jsonRepresentation()
        let output = try await InteropPython.run("ecc_v2.py", ["encrypt", certificateFile.path], input: plaintext)
        let message = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [String: String])
        let sealed = ApplePayEncryptedPassData(
            encryptedPassData: try Hex.decode(try #require(message["encryptedPassData"])),
            ephemeralPublicKey: try Hex.decode(try #require(message["ephemeralPublicKey"])))
        #expect(try ApplePayECCV2.decryptPassData(sealed, leafPrivateKey: leafKey) == Self.passData)
    }
}
