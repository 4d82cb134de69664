import Foundation
import ProvisioningCrypto
import Testing

@Suite(.timeLimit(.minutes(3))) struct HKDFTests {
    struct Vectors: Decodable {
        struct Case: Decodable {
            let name: String
            let ikm: String
            let salt: String
            let info: String
            let length: Int
            let okm: String
        }
        let cases: [Case]
    }

    @Test func rfc5869VectorsDerive() throws {
        let vectors = try PrimitivesFixtures.load(Vectors.self, "hkdf-sha256-rfc5869")
        #expect(!vectors.cases.isEmpty)
        for vector in vectors.cases {
            let output = try HKDF.deriveKey(
                inputKeyMaterial: PrimitivesFixtures.bytes(hex: vector.ikm),
                salt: PrimitivesFixtures.bytes(hex: vector.salt),
                info: PrimitivesFixtures.bytes(hex: vector.info), outputByteCount: vector.length)
            #expect(PrimitivesFixtures.hex(output) == vector.okm, "case \(vector.name)")
        }
    }

    @Test func emptyInputKeyMaterialIsRefused() {
        #expect(
            CryptoError.code {
                try HKDF.deriveKey(inputKeyMaterial: [], salt: [1], info: [], outputByteCount: 32)
            } == .invalidArgument)
    }

    @Test func oversizedOutputIsRefused() {
        #expect(
            CryptoError.code {
                try HKDF.deriveKey(
                    inputKeyMaterial: [1], salt: [], info: [], outputByteCount: HKDF.maximumOutputByteCount + 1)
            } == .invalidArgument)
    }
}
