import DigitalCards
import DigitalCardsOpenSSL
import Foundation
import TPCDemo

/// `tpc-bench digitalcards [TPC_BINARY]`: the issuer wallet against a real
/// `tpc serve --sandbox` on loopback — `cardList` of a 20-card wallet from a
/// warm cache and cold (fetched from the service), one contactless payment
/// (tap + terminal), one replenishment round trip. Figures are mean
/// milliseconds per call.
enum DigitalCardsBench {
    /// The wallet's user, the subject of its codes.
    private static let user = "bench-user"

    static func run(_ arguments: [String]) async throws {
        try await BenchSandbox.with("digitalcards", server: arguments.first, figures)
    }

    private static func figures(_ server: ServiceEndpoint, root: URL) async throws {
        let bank = try DemoBank(service: server)

        var configuration = try DigitalCardsConfiguration(
            url: server.baseURL.absoluteString, issuerId: bank.issuerId,
            storageDirectory: root.appendingPathComponent("device"), cryptoProvider: OpenSSLWalletCryptoProvider())
        configuration.cacheFreshness = 3600
        let manager = try DigitalCardManager(configuration: configuration)
        try await manager.registerWallet(
            userId: user, deviceName: "bench", authorizationCode: bank.code("wallet:register", subject: user))
        let testCard = try await bank.testCard(
            .approve, reference: "bench", service: server, cardholderName: "Bench")
        var cards: [DigitalCard] = []
        for index in 0..<20 {
            let card = testCard.referenced(as: "bench-\(index)")
            cards.append(
                try await manager.enrollCard(
                    scheme: .visa, encryptedPayload: bank.encryptedPayload(for: card),
                    authorizationCode: bank.code("wallet:enrol", card: card, subject: user)))
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
}
