import DigitalCards
import DigitalCardsOpenSSL
import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TPCDemo

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `tpc-bench digitalcards [TPC_BINARY]`: the issuer wallet against a real
/// `tpc serve --sandbox` on loopback — `cardList` of a 20-card wallet from a
/// warm cache and cold (fetched from the service), one contactless payment
/// (tap + terminal), one replenishment round trip. Figures are mean
/// milliseconds per call.
enum DigitalCardsBench {
    static func run(_ arguments: [String]) async throws {
        guard let binary = locateServer(arguments.first) else {
            print("tpc-bench digitalcards: no tpc binary (build it, pass its path or set TPC_BINARY); skipped")
            return
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tpc-bench-dc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await SandboxProcess.start(executable: binary, directory: root)
        do {
            try await figures(server.endpoint, root: root)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    private static func figures(_ server: ServiceEndpoint, root: URL) async throws {
        let bank = try BenchBank(sandboxDirectory: server.sandboxDirectory)

        var configuration = try DigitalCardsConfiguration(
            url: server.baseURL.absoluteString, issuerId: bank.issuerId,
            storageDirectory: root.appendingPathComponent("device"), cryptoProvider: OpenSSLWalletCryptoProvider())
        configuration.cacheFreshness = 3600
        let manager = try DigitalCardManager(configuration: configuration)
        try await manager.registerWallet(
            userId: "bench-user", deviceName: "bench", authorizationCode: bank.code(scope: "wallet:register"))
        let testCard = try await bank.visaTestCard(sandbox: server.baseURL)
        var cards: [DigitalCard] = []
        for index in 0..<20 {
            let reference = "bench-\(index)"
            cards.append(
                try await manager.enrollCard(
                    scheme: .visa, encryptedPayload: bank.payload(testCard, reference: reference),
                    authorizationCode: bank.code(
                        scope: "wallet:enrol",
                        claims: ["cardRef": reference, "panLastFour": String(testCard.pan.suffix(4))])))
        }

        let warm = try await meanMilliseconds(iterations: 200) {
            guard try await manager.cardList.count == 20 else {
                throw BenchError(.measurementFailed, "cardList lost cards")
            }
        }
        BenchFigure(name: "digitalcards.cardlist20.warm_ms", value: warm, unit: "ms").emit()
        let cold = try await meanMilliseconds(iterations: 30) {
            guard try await manager.refreshCardList().count == 20 else {
                throw BenchError(.measurementFailed, "cardList lost cards")
            }
        }
        BenchFigure(name: "digitalcards.cardlist20.cold_ms", value: cold, unit: "ms").emit()

        let card = cards[0]
        let terminal = SandboxTerminal(url: server.baseURL)
        let payment = try await meanMilliseconds(iterations: 5) {
            _ = try await card.payContactless(ContactlessTransaction(amount: 100, currency: "EUR"), at: terminal)
        }
        BenchFigure(name: "digitalcards.payment_ms", value: payment, unit: "ms").emit()
        let replenish = try await meanMilliseconds(iterations: 10) {
            _ = try await card.replenishPaymentKeys()
        }
        BenchFigure(name: "digitalcards.replenishment_ms", value: replenish, unit: "ms").emit()
    }

    private static func meanMilliseconds(iterations: Int, _ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<iterations { try await body() }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return seconds * 1000 / Double(iterations)
    }

    private static func locateServer(_ argument: String?) -> URL? {
        var candidates: [String] = []
        if let argument { candidates.append(argument) }
        if let path = ProcessInfo.processInfo.environment["TPC_BINARY"] { candidates.append(path) }
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        candidates.append(here.appendingPathComponent("tpc").path)
        candidates.append(here.deletingLastPathComponent().appendingPathComponent("debug/tpc").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }
}

/// The bank's side for the bench: codes and payloads from the sandbox's files.
struct BenchBank {
    let issuerId: String
    private let audience: String
    private let keyID: String
    private let codeKey: AnyPrivateKey
    private let payloadCertificate: Certificate

    init(sandboxDirectory: URL) throws {
        let summary = try JSONDecoder().decode(
            [String: String].self, from: Data(contentsOf: sandboxDirectory.appendingPathComponent("sandbox.json")))
        func file(_ key: String) throws -> String {
            guard let name = summary[key] else { throw BenchError(.missingPrerequisite, "sandbox.json lacks \(key)") }
            return try String(contentsOf: sandboxDirectory.appendingPathComponent(name), encoding: .utf8)
        }
        issuerId = summary["issuerId"] ?? ""
        audience = summary["audience"] ?? ""
        keyID = summary["kid"] ?? ""
        codeKey = try AnyPrivateKey(pemRepresentation: try file("codeKeyFile"))
        payloadCertificate = try Certificate(pemRepresentation: try file("payloadCertificateFile"))
    }

    func code(scope: String, claims: [String: String] = [:]) throws -> String {
        let now = Date()
        var custom: [String: JSONValue] = ["scope": .string(scope)]
        for (name, value) in claims { custom[name] = .string(value) }
        let jwt = JWTClaims(
            issuer: issuerId, subject: "bench-user", audience: [audience], expiresAt: now.addingTimeInterval(240),
            issuedAt: now, jwtID: UUID().uuidString, custom: custom)
        return try JWT.sign(jwt, algorithm: .es256, key: codeKey, keyID: keyID)
    }

    func payload(_ card: SandboxTestCard, reference: String) throws -> String {
        let json = [
            "primaryAccountNumber": card.pan, "expiration": card.expiry, "cardholderName": "Bench",
            "cardReference": reference,
        ]
        let der = try CMSEnvelopedData.encrypt(Array(try JSONEncoder().encode(json)), for: payloadCertificate)
        return CMSEnvelopedData.base64EncodedString(der: der)
    }

    func visaTestCard(sandbox: URL) async throws -> SandboxTestCard {
        guard let url = try APIPaths.sandboxTestCards().url(relativeTo: sandbox) else {
            throw BenchError(.missingPrerequisite, "bad sandbox URL")
        }
        let (data, _) = try await URLSession.shared.data(from: url)
        let cards = try JSONDecoder.provisioningAPI.decode(SandboxTestCardsResponse.self, from: data).cards
        guard
            let card = cards.first(where: { $0.scheme == .visa && $0.outcome == .approve && $0.auxiliaryScheme == nil })
        else { throw BenchError(.missingPrerequisite, "no approving Visa test card") }
        return card
    }
}
