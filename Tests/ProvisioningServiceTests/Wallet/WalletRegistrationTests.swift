import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningService
import Testing

/// Wallet registration and authentication through the service's HTTP app
/// (no wallet network configured: calls that need one answer 503).
@Suite(.timeLimit(.minutes(3))) struct WalletRegistrationTests {
    static func register(
        _ harness: ServiceHarness, userId: String = "user-1", publicKey: Data? = nil,
        edit: (inout JWTClaims) -> Void = { _ in }
    ) async throws -> ServiceHarness.Response {
        let code = try harness.bank.code(scope: "wallet:register", now: harness.now, cardRef: nil) { claims in
            claims.subject = userId
            edit(&claims)
        }
        let request = WalletRegistrationRequest(
            userId: userId, deviceName: "Test phone",
            publicKey: try publicKey ?? Data(P256.PrivateKey().publicKey.x963Representation), authorizationCode: code)
        return try await harness.send(
            "POST", "/v1/issuers/\(harness.bank.id)/wallets", body: try JSONEncoder.provisioningAPI.encode(request))
    }

    static func wallets(_ harness: ServiceHarness) async throws -> Int {
        try await harness.database.queryFirst("SELECT COUNT(*) AS n FROM wallets")?.decode(Int.self, column: "n") ?? -1
    }

    @Test func registrationReturnsATokenStoredOnlyAsADigest() async throws {
        let harness = try await ServiceHarness()
        let response = try await Self.register(harness)
        #expect(response.status == 201)
        let registration = try response.decode(WalletRegistration.self)
        #expect(try Base64URL.decode(registration.accessToken).count == 32)
        let row = try #require(try await harness.database.queryFirst("SELECT access_token_hash FROM wallets"))
        let stored: String = try row.decode(column: "access_token_hash")
        #expect(stored == Hex.encode(try SHA256.hash(data: Array(registration.accessToken.utf8))))
        #expect(!String(describing: registration).contains(registration.accessToken))
        await harness.stop()
    }

    @Test func codeForAnotherUserIsRefusedAndWritesNothing() async throws {
        let harness = try await ServiceHarness()
        let response = try await Self.register(harness) { $0.subject = "someone-else" }
        #expect(response.status == 403)
        #expect(response.problem?.type == .authorizationCodeScope)
        #expect(try await Self.wallets(harness) == 0)
        await harness.stop()
    }

    @Test func codeWithTheWrongScopeIsRefused() async throws {
        let harness = try await ServiceHarness()
        let response = try await Self.register(harness) { $0[custom: "scope"] = .string("provision") }
        #expect(response.problem?.type == .authorizationCodeScope)
        #expect(try await Self.wallets(harness) == 0)
        await harness.stop()
    }

    @Test func publicKeyThatIsNotAPointIsRefused() async throws {
        let harness = try await ServiceHarness()
        let response = try await Self.register(harness, publicKey: Data([0x04] + [UInt8](repeating: 1, count: 64)))
        #expect(response.status == 422)
        #expect(response.problem?.errors?.map(\.field) == ["/publicKey"])
        #expect(try await Self.wallets(harness) == 0)
        await harness.stop()
    }

    @Test func walletRoutesNeedTheWalletsOwnToken() async throws {
        let harness = try await ServiceHarness()
        let first = try await Self.register(harness).decode(WalletRegistration.self)
        let second = try await Self.register(harness, userId: "user-2").decode(WalletRegistration.self)
        let path = "/v1/issuers/\(harness.bank.id)/wallets/\(first.walletId)/cards"
        #expect(try await harness.send("GET", path).status == 401)
        #expect(try await harness.send("GET", path, headers: ["Authorization": "Bearer nope"]).status == 401)
        let foreign = try await harness.send("GET", path, headers: ["Authorization": "Bearer \(second.accessToken)"])
        #expect(foreign.status == 404)
        #expect(foreign.problem?.type == .notFound)
        let own = try await harness.send("GET", path, headers: ["Authorization": "Bearer \(first.accessToken)"])
        #expect(own.status == 200)
        #expect(try own.decode(DigitalCardList.self).cards.isEmpty)
        await harness.stop()
    }
}
