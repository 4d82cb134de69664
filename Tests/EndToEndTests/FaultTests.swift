import Foundation
import ProvisioningAPI
import ProvisioningStorage
import Synchronization
import TestSupport
import Testing

/// The worst days of a deployment, on the real binary: SIGKILL at random points
/// of provisioning and lifecycle traffic, a PostgreSQL restart under load, and
/// slow clients holding connections open.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FaultTests {
    static let killCycles = 5
    static let workers = 3

    @Test(arguments: Store.allCases)
    func sigkillAtRandomPointsLosesNothingAndDuplicatesNothing(store: Store) async throws {
        let deployment = try await Deployment.dedicated(store)
        let acknowledged = Acknowledged()
        let devices = try await (0..<Self.workers).asyncMap { try await deployment.registerDevice(name: "Fault \($0)") }
        for _ in 0..<Self.killCycles {
            let stop = StopFlag()
            let cycleStart = acknowledged.snapshot.provisioningIds.count
            async let traffic: Void = withTaskGroup(of: Void.self) { group in
                for device in devices {
                    group.addTask {
                        await Self.runTraffic(on: deployment, device: device, until: stop, into: acknowledged)
                    }
                }
            }
            // A random point of the traffic, but not before this cycle saw a
            // provisioning through: on a loaded machine the first requests after
            // a restart can take longer than the random delay. Bounded, so a
            // server that answers nothing fails the test with the errors below.
            try await Task.sleep(for: .milliseconds(Int.random(in: 300...1_500)))
            let clock = ContinuousClock()
            let patience = clock.now + .seconds(60)
            while acknowledged.snapshot.provisioningIds.count == cycleStart && clock.now < patience {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await deployment.killServer()
            stop.set()
            await traffic
            try await deployment.restartServer()
        }
        let seen = acknowledged.snapshot
        #expect(
            !seen.provisioningIds.isEmpty,
            "no provisioning succeeded between kills; what the workers met: \(acknowledged.failureSummary)")
        #expect(
            !seen.tokens.isEmpty,
            "no pass was added between kills; what the workers met: \(acknowledged.failureSummary)")
        print("FAULTS \(store.rawValue): worker failures \(acknowledged.failureSummary)")

        let database = try await deployment.database()
        let issuerId = deployment.issuer.issuerId
        // Every success the clients were told about survived the kills.
        var lostProvisionings = 0
        for id in seen.provisioningIds {
            let row = try await database.queryFirst(
                "SELECT COUNT(*) AS n FROM provisioning_attempts WHERE provisioning_id = ?", [.text(id)])
            if try row?.decode(Int.self, column: "n") != 1 { lostProvisionings += 1 }
        }
        #expect(lostProvisionings == 0)
        // Tokens reach the registry through the network's notifications, which a
        // restarted server delivers from the outbox: wait for them, bounded.
        var lostTokens = seen.tokens.count
        for _ in 0..<200 where lostTokens > 0 {
            lostTokens = 0
            for token in seen.tokens {
                let row = try await database.queryFirst(
                    "SELECT COUNT(*) AS n FROM tokens WHERE issuer_id = ? AND token_id = ?",
                    [.text(issuerId), .text(token)])
                if try row?.decode(Int.self, column: "n") != 1 { lostTokens += 1 }
            }
            if lostTokens > 0 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(lostTokens == 0)
        var lostSuspensions = 0
        for token in seen.suspended {
            let row = try await database.queryFirst(
                "SELECT state FROM tokens WHERE issuer_id = ? AND token_id = ?", [.text(issuerId), .text(token)])
            if try row?.decode(String.self, column: "state").lowercased() != "suspended" { lostSuspensions += 1 }
        }
        #expect(lostSuspensions == 0)

        // Nothing half-written: each attempt consumed its nonce in the same
        // transaction and has its audit event; each suspension its audit event.
        let attempts = try await count(
            database, "SELECT COUNT(*) AS n FROM provisioning_attempts WHERE issuer_id = ?", issuerId)
        let nonces = try await count(database, "SELECT COUNT(*) AS n FROM used_nonces WHERE issuer_id = ?", issuerId)
        let provisionAudits = try await count(
            database,
            "SELECT COUNT(*) AS n FROM audit_events WHERE issuer_id = ? AND action = 'provision' AND UPPER(outcome) = 'SUCCESS'",
            issuerId)
        #expect(attempts == nonces)
        #expect(attempts == provisionAudits)
        #expect(attempts >= seen.provisioningIds.count)
        let suspended = try await count(
            database, "SELECT COUNT(*) AS n FROM tokens WHERE issuer_id = ? AND LOWER(state) = 'suspended'", issuerId)
        // A kill between the network's transition and the registry's commit leaves
        // the change to arrive as the network's notification: either way the
        // token's state has an audit event behind it.
        let unaudited = try await count(
            database,
            """
            SELECT COUNT(*) AS n FROM tokens t WHERE t.issuer_id = ? AND LOWER(t.state) = 'suspended'
            AND NOT EXISTS (SELECT 1 FROM audit_events a WHERE a.issuer_id = t.issuer_id AND a.token_id = t.token_id
                AND a.action IN ('token.suspend', 'network.notification') AND UPPER(a.outcome) = 'SUCCESS')
            """, issuerId)
        #expect(unaudited == 0)
        #expect(suspended >= seen.suspended.count)

        // No token exists twice: one vault token and one registry token per provisioning.
        let duplicatedVault = try await database.query(
            "SELECT provisioning_id FROM sandbox_tokens GROUP BY provisioning_id HAVING COUNT(*) > 1")
        let duplicatedRegistry = try await database.query(
            """
            SELECT provisioning_id FROM tokens WHERE provisioning_id IS NOT NULL
            GROUP BY issuer_id, provisioning_id HAVING COUNT(*) > 1
            """)
        #expect(duplicatedVault.isEmpty)
        #expect(duplicatedRegistry.isEmpty)

        // The restarted server still serves the whole flow.
        let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve)
        #expect(pass.deviceAccountIdentifier.isEmpty == false)
        #expect(provisioned.response.provisioningId.isEmpty == false)
        print(
            "FAULTS \(store.rawValue): \(Self.killCycles) SIGKILL cycles, acknowledged \(seen.provisioningIds.count) provisionings, "
                + "\(seen.tokens.count) tokens, \(seen.suspended.count) suspensions; lost \(lostProvisionings + lostTokens + lostSuspensions), "
                + "duplicated \(duplicatedVault.count + duplicatedRegistry.count)")
        _ = try await deployment.stop()
    }

    @Test func postgresRestartAnswers503MeanwhileAndRecoversByItself() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.destroy() }
        let deployment = try await Deployment.dedicated(.postgres, cluster: cluster)
        _ = try await deployment.provisionedPass(outcome: .approve)

        try await cluster.stop()
        let readyDuringOutage = try await deployment.client.get("/readyz")
        #expect(readyDuringOutage.status == 503)
        let inputs = try? await deployment.inputs(outcome: .approve)
        #expect(inputs == nil, "the sandbox handed out a nonce without its database")
        let health = try await deployment.client.get("/healthz")
        #expect(health.status == 200, "the process stays up while its database is down")
        let tokensDuringOutage = try await deployment.cardTokens("outage-card")
        #expect(tokensDuringOutage.status == 503)

        try await cluster.startAgain()
        var ready = try await deployment.client.get("/readyz")
        for _ in 0..<300 where ready.status != 200 {
            try await Task.sleep(for: .milliseconds(100))
            ready = try await deployment.client.get("/readyz")
        }
        #expect(ready.status == 200)
        _ = try await deployment.provisionedPass(outcome: .approve)

        // A restart while requests are in flight: they may fail, the process may not.
        async let traffic: [Int] = (0..<10).asyncMap { _ in (try? await deployment.client.get("/readyz").status) ?? 0 }
        try await cluster.restart()
        _ = await traffic
        var recovered = false
        for _ in 0..<300 where !recovered {
            recovered = (try? await deployment.provisionedPass(outcome: .approve)) != nil
            if !recovered { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(recovered)
        #expect(await deployment.isServerRunning)
        _ = try await deployment.stop()
    }

    @Test func slowClientsCannotStarveOthers() async throws {
        let deployment = try await Deployment.dedicated(.sqlite)
        guard let url = URL(string: deployment.client.root), let port = url.port else {
            throw FlowFailure(description: "no port in \(deployment.client.root)")
        }
        let slowloris = SlowClients(port: port, connections: 200)
        let dripping = Task.detached { slowloris.drip(rounds: 40) }
        var failures = 0
        for _ in 0..<10 {
            if (try? await deployment.client.get("/healthz").status) != 200 { failures += 1 }
            if (try? await deployment.provisionedPass(outcome: .approve)) == nil { failures += 1 }
        }
        let opened = await dripping.value
        #expect(opened >= 100, "too few slow connections were held open to mean anything")
        #expect(failures == 0)
        #expect(await deployment.isServerRunning)
        _ = try await deployment.stop()
    }

    // MARK: Traffic

    /// Provision, add the pass, suspend the token — until `stop` or the first
    /// failure (the server was killed). Only success answers are recorded.
    static func runTraffic(
        on deployment: Deployment, device: SimulatedDevice, until stop: StopFlag,
        into acknowledged: Acknowledged
    ) async {
        // Keeps sending until the kill: an error (a refused connection while the
        // server restarts, a slow answer) is counted by kind and the loop goes on.
        while !stop.isSet {
            do {
                let provisioned = try await deployment.provision(
                    try await deployment.inputs(outcome: .approve, device: device))
                acknowledged.provisioned(provisioned.response.provisioningId)
                let added = try await deployment.addPass(provisioned)
                guard added.status == 201 else {
                    acknowledged.failed("add pass \(added.status)")
                    continue
                }
                let pass = try added.decode(SandboxPass.self)
                acknowledged.tokenCreated(pass.deviceAccountIdentifier)
                let suspended = try await deployment.changeState(
                    .suspend, tokenId: pass.deviceAccountIdentifier, scheme: provisioned.card.scheme,
                    cardRef: provisioned.cardRef)
                guard suspended.status == 200 else {
                    acknowledged.failed("suspend \(suspended.status)")
                    continue
                }
                acknowledged.suspended(pass.deviceAccountIdentifier)
            } catch {
                acknowledged.failed(Self.kind(of: error))
                if !stop.isSet { try? await Task.sleep(for: .milliseconds(20)) }
            }
        }
    }

    /// A short name for a failure, for the counts the test prints.
    static func kind(of error: any Error) -> String {
        if let urlError = error as? URLError { return "URLError \(urlError.code.rawValue)" }
        if let failure = error as? FlowFailure {
            // "provision answered 503: {…}" → "provision answered 503"
            return String(failure.description.prefix { $0 != ":" })
        }
        return String(describing: type(of: error))
    }

    private func count(_ database: any SQLDatabase, _ sql: String, _ issuerId: String) async throws -> Int {
        try await database.queryFirst(sql, [.text(issuerId)])?.decode(Int.self, column: "n") ?? -1
    }
}

/// Tells the traffic workers that the server was killed.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}

/// What the clients were told succeeded, and what failed, by kind.
final class Acknowledged: Sendable {
    struct Snapshot {
        var provisioningIds: Set<String> = []
        var tokens: Set<String> = []
        var suspended: Set<String> = []
        var failures: [String: Int] = [:]
    }
    private let state = Mutex(Snapshot())

    func provisioned(_ id: String) { state.withLock { _ = $0.provisioningIds.insert(id) } }
    func tokenCreated(_ id: String) { state.withLock { _ = $0.tokens.insert(id) } }
    func suspended(_ id: String) { state.withLock { _ = $0.suspended.insert(id) } }
    func failed(_ kind: String) { state.withLock { $0.failures[kind, default: 0] += 1 } }
    var snapshot: Snapshot { state.withLock { $0 } }

    /// `kind ×count` for every kind of failure, most frequent first; `none` when there was none.
    var failureSummary: String {
        let failures = snapshot.failures.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        return failures.isEmpty ? "none" : failures.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
