import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension EndToEndTests {
    /// Racing lifecycle requests on one token, as an outside client sent them:
    /// 40 suspends and resumes at once, every code held by two racers. The
    /// registry and the network's vault must agree afterwards, each code work at
    /// most once, and a refused request leave its code unspent.
    @Suite(.timeLimit(.minutes(10))) struct LifecycleRaces {
        /// Rounds per store (`PP_RACE_ROUNDS` raises it; the issue's 20 rounds
        /// take a minute per store).
        static let rounds = Int(ProcessInfo.processInfo.environment["PP_RACE_ROUNDS"] ?? "") ?? 3
        static let racers = 40

        /// Enough connections for every racer at once (WireClient's session keeps 4).
        static let session: URLSession = {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = racers + 8
            configuration.timeoutIntervalForRequest = 60
            return URLSession(configuration: configuration)
        }()

        struct Outcome: Sendable {
            let jti: String
            let action: TokenLifecycleAction
            let status: Int
        }

        @Test(arguments: Store.allCases)
        func racingSuspendsAndResumesLeaveRegistryAndVaultAgreeing(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let database = try await deployment.database()
            let issuer = deployment.issuer
            for round in 0..<Self.rounds {
                let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve)
                let tokenId = pass.deviceAccountIdentifier
                let path = deployment.path(try APIPaths.tokenState(issuerId: issuer.issuerId, tokenId: tokenId))
                guard let url = URL(string: deployment.client.root + path) else { throw URLError(.badURL) }
                var requests: [(jti: String, action: TokenLifecycleAction, body: Data)] = []
                for _ in 0..<(Self.racers / 2) {
                    let action: TokenLifecycleAction = Bool.random() ? .suspend : .resume
                    let code = try issuer.code(scope: "token:\(action.rawValue.lowercased())", tokenId: tokenId)
                    let body = try JSONEncoder.provisioningAPI.encode(
                        TokenStateChangeRequest(
                            action: action, tokenRequestorId: Deployment.applePayTokenRequestorId,
                            scheme: provisioned.card.scheme, authorizationCode: code))
                    let jti = try Self.jwtID(of: code)
                    requests += [(jti, action, body), (jti, action, body)]
                }
                let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
                    for request in requests.shuffled() {
                        group.addTask {
                            try await Self.send(request.body, to: url, jti: request.jti, action: request.action)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }

                let byCode = Dictionary(grouping: outcomes, by: \.jti)
                for (jti, answers) in byCode {
                    #expect(answers.filter { $0.status == 200 }.count <= 1, "round \(round): code \(jti) worked twice")
                    #expect(
                        answers.allSatisfy { [200, 401, 409].contains($0.status) },
                        "round \(round): unexpected answers \(answers.map(\.status))")
                }
                // The registry and the vault agree, once the racers are done.
                let registry = try await database.queryFirst(
                    "SELECT state FROM tokens WHERE issuer_id = ? AND token_id = ?",
                    [.text(issuer.issuerId), .text(tokenId)])?.decode(String.self, column: "state")
                let vault = try await database.queryFirst(
                    "SELECT state FROM sandbox_tokens WHERE id = ?", [.text(tokenId)])?.decode(
                        String.self, column: "state")
                #expect(
                    registry != nil && registry == vault,
                    "round \(round): registry \(registry ?? "-"), vault \(vault ?? "-")")
                // A code whose every use was refused was given back.
                for (jti, answers) in byCode where answers.allSatisfy({ $0.status != 200 }) {
                    let spent = try await database.queryFirst(
                        "SELECT jti FROM used_authorization_codes WHERE issuer_id = ? AND jti = ?",
                        [.text(issuer.issuerId), .text(jti)])
                    #expect(
                        spent == nil,
                        "round \(round): code \(jti) was refused (\(answers.map(\.status))) yet spent")
                }
                // And the agreement holds for what comes next: a legal move works.
                let next: TokenLifecycleAction = registry?.lowercased() == "suspended" ? .resume : .suspend
                let followUp = try await deployment.changeState(
                    next, tokenId: tokenId, scheme: provisioned.card.scheme, cardRef: provisioned.cardRef)
                #expect(followUp.status == 200, "round \(round): \(next) after the race: \(followUp.text)")
            }
        }

        /// Racing enrolments of one card with one code: one card record and one
        /// network token, however many racers; the others are told the code was used.
        @Test(arguments: Store.allCases)
        func racingEnrolmentsWithOneCodeMakeOneCardAndOneNetworkToken(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let database = try await deployment.database()
            let wallet = try await WalletUser.register(deployment)
            let enrolment = try wallet.enrolment(try await deployment.testCard(scheme: "VISA", outcome: .approve))
            let path = deployment.path(
                try APIPaths.walletCardEnrollment(issuerId: deployment.issuer.issuerId, walletId: wallet.walletId))
            guard let url = URL(string: deployment.client.root + path) else { throw URLError(.badURL) }
            let body = try JSONEncoder.provisioningAPI.encode(enrolment)
            func count(_ table: String) async throws -> Int {
                try await database.queryFirst("SELECT COUNT(*) AS n FROM \(table)")?.decode(Int.self, column: "n") ?? -1
            }
            let tokensBefore = try await count("sandbox_wallet_tokens")
            let cardsBefore = try await count("wallet_cards")
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await Self.send(body, to: url, headers: wallet.authorization) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 401 }.count == 19, "\(statuses)")
            #expect(try await count("wallet_cards") == cardsBefore + 1)
            #expect(try await count("sandbox_wallet_tokens") == tokensBefore + 1, "a network token no card tracks")
        }

        private static func send(
            _ body: Data, to url: URL, jti: String, action: TokenLifecycleAction
        ) async throws -> Outcome {
            Outcome(jti: jti, action: action, status: try await send(body, to: url))
        }

        private static func send(_ body: Data, to url: URL, headers: [String: String] = [:]) async throws -> Int {
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (_, response) = try await session.data(for: request)
            return (response as? HTTPURLResponse)?.statusCode ?? 0
        }

        /// The `jti` claim of a compact JWS.
        private static func jwtID(of code: String) throws -> String {
            let parts = code.split(separator: ".")
            guard parts.count == 3 else { throw FlowFailure(description: "not a compact JWS") }
            let claims = try JSONSerialization.jsonObject(with: Data(try Base64URL.decode(String(parts[1]))))
            guard let jti = (claims as? [String: Any])?["jti"] as? String else {
                throw FlowFailure(description: "the code has no jti")
            }
            return jti
        }
    }
}
