import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport
import Testing

extension EndToEndTests {
    /// An independent implementation (Python's `cryptography`,
    /// Tests/Interop/ecc_v2.py) opens the service's pass data with the sandbox
    /// leaf key, exported with `tpc sandbox export-leaf-key`.
    @Suite(.timeLimit(.minutes(10))) struct PassDataInterop {
        @Test(arguments: Store.allCases)
        func pythonDecryptsThePassDataToExactlyWhatWasSent(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let provisioned = try await deployment.provision(outcome: .approve)
            let ephemeralPublicKey = try #require(provisioned.response.ephemeralPublicKey)

            let keyFile = try await deployment.exportLeafKey()
            defer { try? FileManager.default.removeItem(at: keyFile) }
            let input = try JSONSerialization.data(withJSONObject: [
                "ephemeralPublicKey": Hex.encode([UInt8](ephemeralPublicKey)),
                "encryptedPassData": Hex.encode([UInt8](provisioned.response.encryptedPassData)),
            ])
            let plaintext = try await InteropPython.run("ecc_v2.py", ["decrypt", keyFile.path], input: Array(input))
            let fields = try #require(try JSONSerialization.jsonObject(with: Data(plaintext)) as? [String: String])

            #expect(Set(fields.keys) == ["primaryAccountNumber", "expiration", "name", "nonce", "nonceSignature"])
            #expect(fields["primaryAccountNumber"] == provisioned.card.pan)
            #expect(fields["expiration"] == provisioned.card.expiry)
            #expect(fields["name"] == provisioned.cardholderName)
            #expect(fields["nonce"] == Hex.encode(provisioned.nonce))
            #expect(fields["nonceSignature"] == Hex.encode(provisioned.nonceSignature))
        }

        @Test(arguments: Store.allCases)
        func pythonRefusesPassDataMadeForAnotherLeaf(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let provisioned = try await deployment.provision(outcome: .approve)
            let ephemeralPublicKey = try #require(provisioned.response.ephemeralPublicKey)
            // Another P-256 key stands in for a leaf the pass data was not made for.
            let stranger = FileManager.default.temporaryDirectory.appendingPathComponent(
                "e2e-stranger-\(UUID().uuidString).pem")
            try Data(try P256.PrivateKey().pemRepresentation.utf8).write(to: stranger)
            defer { try? FileManager.default.removeItem(at: stranger) }
            let input = try JSONSerialization.data(withJSONObject: [
                "ephemeralPublicKey": Hex.encode([UInt8](ephemeralPublicKey)),
                "encryptedPassData": Hex.encode([UInt8](provisioned.response.encryptedPassData)),
            ])
            await #expect(throws: InteropPython.Failure.self) {
                try await InteropPython.run("ecc_v2.py", ["decrypt", stranger.path], input: Array(input))
            }
        }
    }
}
