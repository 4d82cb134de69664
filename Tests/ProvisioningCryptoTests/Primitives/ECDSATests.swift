import Foundation
import Testing

@testable import ProvisioningCrypto

@Suite(.timeLimit(.minutes(3))) struct ECDSATests {
    struct Vectors: Decodable {
        struct Case: Decodable {
            let message: String
            let r: String
            let s: String
        }
        let publicKeyX: String
        let publicKeyY: String
        let privateKey: String
        let cases: [Case]
    }

    /// The P-256 group order n.
    static let order = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"

    @Test func rfc6979SignaturesVerifyUnderThePublishedKey() async throws {
        let vectors = try PrimitivesFixtures.load(Vectors.self, "ecdsa-p256-rfc6979")
        let point =
            [0x04] + (try PrimitivesFixtures.bytes(hex: vectors.publicKeyX))
            + (try PrimitivesFixtures.bytes(hex: vectors.publicKeyY))
        let publicKey = try P256.PublicKey(x963Representation: point)
        #expect(vectors.cases.count == 2)
        for vector in vectors.cases {
            let raw = try PrimitivesFixtures.bytes(hex: vector.r + vector.s)
            let signature = try ECDSASignature(rawRepresentation: raw)
            let message = Array(vector.message.utf8)
            #expect(publicKey.isValidSignature(signature, for: message), "message \(vector.message)")
            #expect(publicKey.isValidSignature(signature, forDigest: try SHA256.hash(data: message)))
            #expect(!publicKey.isValidSignature(signature, for: message + [0x2e]))
        }
    }

    @Test func rfc6979PrivateScalarDerivesThePublishedPublicKey() async throws {
        let vectors = try PrimitivesFixtures.load(Vectors.self, "ecdsa-p256-rfc6979")
        let key = try P256.PrivateKey(rawRepresentation: PrimitivesFixtures.bytes(hex: vectors.privateKey))
        let expected =
            [0x04] + (try PrimitivesFixtures.bytes(hex: vectors.publicKeyX))
            + (try PrimitivesFixtures.bytes(hex: vectors.publicKeyY))
        #expect(key.publicKey.x963Representation == expected)
        #expect(try key.publicKeyX963Representation == expected)
        #expect(try key.rawRepresentation == PrimitivesFixtures.bytes(hex: vectors.privateKey))
        // Our (randomised) signature under the published key verifies too.
        let signature = try key.signature(for: Array("sample".utf8))
        #expect(key.publicKey.isValidSignature(signature, for: Array("sample".utf8)))
    }

    @Test func outOfRangePrivateScalarsAreRefused() async throws {
        let zero = [UInt8](repeating: 0, count: 32)
        #expect(CryptoError.code { try P256.PrivateKey(rawRepresentation: zero) } == .invalidKey)
        #expect(
            CryptoError.code {
                try P256.PrivateKey(rawRepresentation: PrimitivesFixtures.bytes(hex: Self.order))
            } == .invalidKey)
        let short = [UInt8](repeating: 1, count: 31)
        #expect(CryptoError.code { try P256.PrivateKey(rawRepresentation: short) } == .invalidKey)
    }

    @Test func signatureRoundTripsThroughRawAndDER() async throws {
        let key = try P256.PrivateKey()
        let message = Array("hello".utf8)
        let signature = try key.signature(for: message)
        #expect(signature.rawRepresentation.count == 64)
        let der = signature.derRepresentation
        #expect(der.first == 0x30)
        #expect(try ECDSASignature(derRepresentation: der) == signature)
        #expect(try ECDSASignature(rawRepresentation: signature.rawRepresentation) == signature)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!(try P256.PrivateKey()).publicKey.isValidSignature(signature, for: message))
    }

    @Test func digestSigningMatchesMessageSigning() async throws {
        let key = try P256.PrivateKey()
        let message = Array("precomputed".utf8)
        let digest = try SHA256.hash(data: message)
        let signature = try key.signature(forDigest: digest)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(key.publicKey.isValidSignature(signature, forDigest: digest))
        #expect(CryptoError.code { try key.signature(forDigest: Array(digest.prefix(20))) } == .invalidArgument)
    }

    @Test func wrongLengthsAndNonCanonicalDERAreRefused() async throws {
        #expect(
            CryptoError.code { try ECDSASignature(rawRepresentation: [UInt8](repeating: 1, count: 63)) }
                == .invalidEncoding)
        #expect(
            CryptoError.code { try ECDSASignature(rawRepresentation: [UInt8](repeating: 1, count: 65)) }
                == .invalidEncoding)
        let der = try P256.PrivateKey().signature(for: [1]).derRepresentation
        #expect(CryptoError.code { try ECDSASignature(derRepresentation: der + [0]) } == .invalidEncoding)
        #expect(CryptoError.code { try ECDSASignature(derRepresentation: Array(der.dropLast())) } == .invalidEncoding)
        // r = 1 with a redundant leading zero: valid BER, not DER.
        #expect(
            CryptoError.code {
                try ECDSASignature(derRepresentation: [0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01])
            } == .invalidEncoding)
        // Negative r.
        #expect(
            CryptoError.code {
                try ECDSASignature(derRepresentation: [0x30, 0x06, 0x02, 0x01, 0xff, 0x02, 0x01, 0x01])
            } == .invalidEncoding)
        // r of 33 significant bytes.
        let big = [0x02, 0x21] + [UInt8](repeating: 0x7f, count: 33)
        #expect(
            CryptoError.code {
                try ECDSASignature(derRepresentation: [0x30, UInt8(big.count + 3)] + big + [0x02, 0x01, 0x01])
            } == .invalidEncoding)
        #expect(CryptoError.code { try ECDSASignature(derRepresentation: []) } == .invalidEncoding)
    }

    @Test func highSSignatureStillVerifies() async throws {
        let key = try P256.PrivateKey()
        let message = Array("malleable".utf8)
        let signature = try key.signature(for: message)
        // s' = n − s is the other valid signature for the same r.
        let n = try PrimitivesFixtures.bytes(hex: Self.order)
        let s = Array(signature.rawRepresentation[32...])
        var flipped = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            let difference = Int(n[index]) - Int(s[index]) - borrow
            flipped[index] = UInt8((difference + 256) % 256)
            borrow = difference < 0 ? 1 : 0
        }
        let other = try ECDSASignature(rawRepresentation: Array(signature.rawRepresentation[..<32]) + flipped)
        #expect(other != signature)
        #expect(key.publicKey.isValidSignature(other, for: message))
    }

    @Test func ecdhBothSidesAgree() async throws {
        let alice = try P256.PrivateKey()
        let bob = try P256.PrivateKey()
        let ab = try alice.sharedSecret(with: bob.publicKey)
        let ba = try bob.sharedSecret(with: alice.publicKey)
        #expect(ab.count == 32)
        #expect(ab == ba)
        #expect(try alice.sharedSecret(with: P256.PrivateKey().publicKey) != ab)
    }

    @Test func ecdhAgreesWithTheOpenSSLCommandLine() async throws {
        let directory = try PrimitivesFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = try P256.PrivateKey()
        let theirs = try P256.PrivateKey()
        let ourKey = directory.appendingPathComponent("ours.pem")
        let theirPublic = directory.appendingPathComponent("theirs.pub.pem")
        try Data(ours.pemRepresentation.utf8).write(to: ourKey)
        try Data(theirs.publicKey.pemRepresentation.utf8).write(to: theirPublic)
        let cli = try await PrimitivesFixtures.openssl([
            "pkeyutl", "-derive", "-inkey", ourKey.path, "-peerkey", theirPublic.path,
        ])
        #expect(Array(cli) == (try ours.sharedSecret(with: theirs.publicKey)))
    }

    @Test func signaturesInteroperateWithOpenSSLDgst() async throws {
        let directory = try PrimitivesFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try P256.PrivateKey()
        let message = Data("interop message".utf8)
        let keyFile = directory.appendingPathComponent("key.pem")
        let publicFile = directory.appendingPathComponent("pub.pem")
        let messageFile = directory.appendingPathComponent("message")
        let ourSignature = directory.appendingPathComponent("ours.sig")
        let theirSignature = directory.appendingPathComponent("theirs.sig")
        try Data(key.pemRepresentation.utf8).write(to: keyFile)
        try Data(key.publicKey.pemRepresentation.utf8).write(to: publicFile)
        try message.write(to: messageFile)

        try Data(key.signature(for: Array(message)).derRepresentation).write(to: ourSignature)
        _ = try await PrimitivesFixtures.openssl([
            "dgst", "-sha256", "-verify", publicFile.path, "-signature", ourSignature.path, messageFile.path,
        ])

        _ = try await PrimitivesFixtures.openssl([
            "dgst", "-sha256", "-sign", keyFile.path, "-out", theirSignature.path, messageFile.path,
        ])
        let signature = try ECDSASignature(derRepresentation: Array(Data(contentsOf: theirSignature)))
        #expect(key.publicKey.isValidSignature(signature, for: Array(message)))
    }
}
