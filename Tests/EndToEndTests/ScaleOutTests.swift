import Foundation
import ProvisioningAPI
import ProvisioningStorage
import TestSupport
import Testing

/// Many `tpc serve` instances on one PostgreSQL, the way operators run them:
/// started together on a new sandbox directory, behind a load balancer (the
/// test's ``RoundRobin``), on a server with fewer connections than the pools
/// would open, through an instance's SIGKILL, another's restart, a restart of
/// PostgreSQL — and through PgBouncer in transaction mode.
@Suite(.serialized, .timeLimit(.minutes(8))) struct ScaleOutTests {
    static let instances = 3
    static let clients = 12

    @Test func threeInstancesWithPoolsOfTenOnTenConnectionsFailNoProvisioning() async throws {
        // The issue's set-up: three pools of ten on a server that takes ten.
        // The pools wait for a connection instead of failing.
        let cluster = try await PostgresCluster.start(settings: ["max_connections": "10"])
        defer { cluster.destroy() }
        let name = try await Self.createDatabase(in: cluster)
        // Each pool keeps four open (twelve wanted, ten allowed), so the
        // server refuses connections whatever the pace of the traffic: on a
        // quiet machine twelve clients alone did not always need eleven.
        let group = try await InstanceGroup.start(
            count: Self.instances, database: cluster.url(database: name), extraArguments: ["--db-pool-min-idle", "4"])
        let balancer = RoundRobin(roots: Self.instanceRoots(group))
        let acknowledged = Acknowledged()
        let stop = StopFlag()
        var traffic: Task<Void, Never>?
        do {
            let issuer = try IssuerBackend(sandboxDirectory: group.sandboxDirectory)
            let clients = try await (0..<Self.clients).asyncMap { index in
                try await LoadClient.make(
                    balancer: balancer, issuer: issuer, basePath: "/mg/tpc", name: "Full \(index)")
            }
            balancer.phase = "full-server"
            traffic = Self.drive(clients, until: stop, into: acknowledged)
            try await Self.waitFor(acknowledged, provisionings: 48)
            // The traffic goes on until the server has refused a pool at least
            // once (within 30 s): how soon it does depends on how the requests
            // overlap and on when the pools top themselves up to four, one
            // connection a pass while nobody waits; without a refusal the test
            // would prove nothing.
            var metrics: [String] = []
            var refused = 0.0
            for _ in 0..<60 {
                metrics = try await (0..<Self.instances).asyncMap { index in
                    try await WireClient(root: group.root(index)).get("/metrics").text
                }
                refused = metrics.map { Self.poolValue($0, "tpc_db_pool_failed_opens_total") }.reduce(0, +)
                if refused > 0 { break }
                try await Task.sleep(for: .milliseconds(500))
            }
            stop.set()
            await traffic?.value
            let exits = try await group.stopAll()
            let outcomes = balancer.outcomes
            #expect(outcomes.filter(\.failed).isEmpty, "failed on a full server: \(outcomes.filter(\.failed).summary)")
            #expect(acknowledged.snapshot.failures.isEmpty, "flow failures: \(acknowledged.failureSummary)")
            #expect(exits.allSatisfy { $0 == 0 })
            #expect(refused > 0, "the server never refused a connection: the test proves nothing")
            print("FULL-SERVER max_connections 10, 3 instances × pool 10, 12 clients: \(outcomes.summary)")
            for (index, text) in metrics.enumerated() {
                print("FULL-SERVER pool of instance \(index): \(Self.pool(text))")
            }
        } catch {
            stop.set()
            await traffic?.value
            _ = try? await group.stopAll()
            throw error
        }
    }

    @Test func threeInstancesKeepEveryAcknowledgedWriteThroughKillsRestartsAndADatabaseRestart() async throws {
        // Pools sized as docs/operations.md says (3 × 3 ≤ 10 − 1), so that a
        // restarted instance finds a connection while the others are busy.
        let cluster = try await PostgresCluster.start(settings: ["max_connections": "10"])
        defer { cluster.destroy() }
        let name = try await Self.createDatabase(in: cluster)
        // The URL reaches the instances through the environment, not the command line.
        let group = try await InstanceGroup.start(
            count: Self.instances, database: nil, extraArguments: ["--db-pool-size", "3"],
            environment: ["TPC_DATABASE_URL": cluster.url(database: name)])
        let balancer = RoundRobin(roots: Self.instanceRoots(group))
        let acknowledged = Acknowledged()
        let stop = StopFlag()
        var traffic: Task<Void, Never>?
        do {
            // One issuer on disk, and every instance runs with it.
            let issuer = try IssuerBackend(sandboxDirectory: group.sandboxDirectory)
            let basePath = "/mg/tpc"
            for index in 0..<Self.instances {
                let search = try await WireClient(root: group.root(index)).get(
                    basePath
                        + (try APIPaths.backOfficeTokens(issuerId: issuer.issuerId, query: TokenSearchQuery()))
                        .pathAndQuery,
                    headers: [APIHeaders.authorization: "Bearer \(issuer.backOfficeKey)"])
                #expect(search.status == 200, "instance \(index) does not run with the issuer on disk")
            }
            let clients = try await (0..<Self.clients).asyncMap { index in
                try await LoadClient.make(
                    balancer: balancer, issuer: issuer, basePath: basePath, name: "Scale \(index)")
            }
            balancer.phase = "steady"
            traffic = Self.drive(clients, until: stop, into: acknowledged)
            try await Self.waitFor(acknowledged, provisionings: 30)

            balancer.phase = "instance-kill"
            let killing = ContinuousClock.now
            try await group.kill(0)
            balancer.remove(0)
            // Requests sent to it before it left the rotation may fail; none after.
            let killed = ContinuousClock.now
            try await Self.waitFor(acknowledged, provisionings: acknowledged.snapshot.provisioningIds.count + 10)
            try await group.start(0)
            try await group.waitUntilReady(0)
            balancer.add(0)

            balancer.phase = "instance-restart"
            balancer.remove(1)
            for _ in 0..<600 where balancer.inFlight(1) > 0 { try await Task.sleep(for: .milliseconds(10)) }
            let gracefulExit = try await group.terminate(1)
            #expect(gracefulExit == 0)
            try await group.start(1)
            try await group.waitUntilReady(1)
            balancer.add(1)
            try await Self.waitFor(acknowledged, provisionings: acknowledged.snapshot.provisioningIds.count + 10)

            balancer.phase = "postgres-restart"
            let outage = ContinuousClock.now
            try await cluster.restart()
            // `pg_ctl restart -w` has returned: PostgreSQL accepts connections.
            let recovered = ContinuousClock.now
            balancer.phase = "recovered"
            try await Self.waitFor(acknowledged, provisionings: acknowledged.snapshot.provisioningIds.count + 20)

            let metrics = try await (0..<Self.instances).asyncMap { index in
                try await WireClient(root: group.root(index)).get("/metrics").text
            }
            stop.set()
            await traffic?.value
            let exits = try await group.stopAll()
            #expect(exits.allSatisfy { $0 == 0 }, "an instance did not stop gracefully: \(exits)")

            try await Self.verify(
                balancer.outcomes, killing: killing, killed: killed, outage: outage, recovered: recovered,
                acknowledged: acknowledged,
                database: cluster.url(database: name))
            for phase in ["steady", "instance-kill", "instance-restart", "postgres-restart", "recovered"] {
                print("SCALE-OUT \(phase): \(balancer.outcomes.filter { $0.phase == phase }.summary)")
            }
            for (index, text) in metrics.enumerated() {
                print("SCALE-OUT pool of instance \(index): \(Self.pool(text))")
            }
            print(
                "SCALE-OUT: \(acknowledged.snapshot.provisioningIds.count) provisionings and "
                    + "\(acknowledged.snapshot.tokens.count) passes acknowledged, all present; "
                    + "\(balancer.reroutes) refused connections sent to another instance; "
                    + "flow failures \(acknowledged.failureSummary)")
        } catch {
            // The traffic ends by itself: cancelling URLSession tasks in
            // flight can crash FoundationNetworking.
            stop.set()
            await traffic?.value
            let tails = await group.errorTails()
            _ = try? await group.stopAll()
            Issue.record("instances' standard error:\n\(tails)")
            throw error
        }
    }

    @Test func provisioningThroughPgBouncerInTransactionModeFailsNothing() async throws {
        let cluster = try await PostgresCluster.shared()
        let name = try await Self.createDatabase(in: cluster)
        let bouncer = try await PgBouncer.start(in: cluster, poolMode: "transaction", serverConnections: 4)
        let url = bouncer.url(database: name)
        // Prepared statements off: a transaction-mode pooler hands each
        // transaction whichever server connection is free.
        let group = try await InstanceGroup.start(count: 2, database: url + "?prepared_statements=off")
        let balancer = RoundRobin(roots: Self.instanceRoots(group, count: 2))
        let acknowledged = Acknowledged()
        let stop = StopFlag()
        var traffic: Task<Void, Never>?
        do {
            let issuer = try IssuerBackend(sandboxDirectory: group.sandboxDirectory)
            let clients = try await (0..<6).asyncMap { index in
                try await LoadClient.make(
                    balancer: balancer, issuer: issuer, basePath: "/mg/tpc", name: "Pooled \(index)")
            }
            balancer.phase = "pgbouncer"
            traffic = Self.drive(clients, until: stop, into: acknowledged)
            try await Self.waitFor(acknowledged, provisionings: 30)
            // Twenty pool slots on two instances, four server connections behind the pooler.
            let verification = try await Database.open(
                url: cluster.url(database: name), postgres: PostgresOptions(poolSize: 1))
            let sessions = try await verification.queryFirst(
                "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()",
                [.text(name)])?.decode(Int.self, column: "n")
            await verification.close()
            stop.set()
            await traffic?.value
            let exits = try await group.stopAll()
            await bouncer.stop()
            let outcomes = balancer.outcomes
            #expect(outcomes.filter(\.failed).isEmpty, "failed through PgBouncer: \(outcomes.filter(\.failed).summary)")
            #expect(acknowledged.snapshot.failures.isEmpty, "flow failures: \(acknowledged.failureSummary)")
            #expect((sessions ?? .max) <= 4, "PgBouncer kept \(sessions ?? -1) server sessions, more than its pool")
            #expect(exits.allSatisfy { $0 == 0 })
            print(
                "PGBOUNCER transaction mode, 2 instances, 6 clients, 4 server connections: \(outcomes.summary); "
                    + "\(sessions ?? -1) server sessions")
        } catch {
            stop.set()
            await traffic?.value
            _ = try? await group.stopAll()
            await bouncer.stop()
            throw error
        }
    }

    @Test func theCompatibilityScriptPassesOnPostgreSQL() async throws {
        let cluster = try await PostgresCluster.shared()
        let name = try await Self.createDatabase(in: cluster)
        // The URL as `tpc serve` takes it, with the service's own parameter.
        let report = try await CompatibilityCheck.run(url: cluster.url(database: name) + "?prepared_statements=off")
        #expect(report.status == 0, "check-postgres-compat.sh:\n\(report.output)")
        #expect(report.failedChecks.isEmpty)
        for check in ["connect", "types", "advisory", "prepared", "pipeline", "serializable"] {
            #expect(
                report.output.split(separator: "\n").contains { $0.hasPrefix(check + " ") && $0.contains(" ok ") },
                "no passed \(check) check in:\n\(report.output)")
        }
    }

    // MARK: Verdict

    /// The outcomes' verdict: no refusal but 503 (for requests in flight
    /// while the database restarted, with `Retry-After`), no transport failure
    /// but the killed instance's requests sent before it left the rotation,
    /// nothing failed after recovery, every acknowledged write in the database.
    static func verify(
        _ outcomes: [RoundRobin.Outcome], killing: ContinuousClock.Instant, killed: ContinuousClock.Instant,
        outage: ContinuousClock.Instant,
        recovered: ContinuousClock.Instant, acknowledged: Acknowledged, database url: String
    ) async throws {
        let answeredBadly = outcomes.filter { outcome in
            guard let status = outcome.status, !(200..<300).contains(status) else { return false }
            let duringOutage = outcome.started < recovered && outcome.started + outcome.duration >= outage
            return !(status == 503 && duringOutage)
        }
        #expect(answeredBadly.isEmpty, "refusals other than 503 during the restart: \(answeredBadly.summary)")
        let unadvised = outcomes.filter { $0.status == 503 && $0.retryAfter == nil }
        #expect(unadvised.isEmpty, "503 answers without Retry-After: \(unadvised.summary)")
        let lost = outcomes.filter { outcome in
            outcome.failure != nil
                && !(outcome.instance == 0 && outcome.started < killed && outcome.started + outcome.duration >= killing)
        }
        #expect(lost.isEmpty, "transport failures outside the killed instance: \(lost.summary)")
        let afterRecovery = outcomes.filter { $0.started >= recovered }
        #expect(!afterRecovery.isEmpty)
        #expect(
            afterRecovery.filter(\.failed).isEmpty,
            "requests failed after PostgreSQL accepted connections: \(afterRecovery.filter(\.failed).summary)")
        let steady = outcomes.filter { $0.phase == "steady" && $0.started + $0.duration < killing }
        #expect(steady.filter(\.failed).isEmpty, "requests failed before the kill: \(steady.filter(\.failed).summary)")

        let database = try await Database.open(url: url, postgres: PostgresOptions(poolSize: 1))
        let seen = acknowledged.snapshot
        var missing = 0
        for id in seen.provisioningIds {
            let row = try await database.queryFirst(
                "SELECT COUNT(*) AS n FROM provisioning_attempts WHERE provisioning_id = ?", [.text(id)])
            if try row?.decode(Int.self, column: "n") != 1 { missing += 1 }
        }
        for serial in seen.tokens {
            let row = try await database.queryFirst(
                "SELECT COUNT(*) AS n FROM sandbox_passes WHERE serial_number = ?", [.text(serial)])
            if try row?.decode(Int.self, column: "n") != 1 { missing += 1 }
        }
        await database.close()
        #expect(missing == 0, "acknowledged writes missing from the database")
    }

    // MARK: Helpers

    /// The clients' traffic, as a task of its own: it ends when `stop` is set
    /// (each client finishes its request), never by cancellation.
    static func drive(
        _ clients: [LoadClient], until stop: StopFlag, into acknowledged: Acknowledged
    ) -> Task<Void, Never> {
        Task.detached {
            await withTaskGroup(of: Void.self) { tasks in
                for client in clients { tasks.addTask { await client.run(until: stop, into: acknowledged) } }
            }
        }
    }

    /// One counter's value from a `/metrics` text.
    static func poolValue(_ metrics: String, _ name: String) -> Double {
        metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
    }

    static func instanceRoots(_ group: InstanceGroup, count: Int = instances) -> [String] {
        (0..<count).map { group.root($0) }
    }

    static func createDatabase(in cluster: PostgresCluster) async throws -> String {
        let name = "scale_\(UInt32.random(in: 0...UInt32.max))"
        let admin = try await Database.open(url: cluster.url(), postgres: PostgresOptions(poolSize: 1))
        _ = try await admin.execute("CREATE DATABASE \(name)")
        await admin.close()
        return name
    }

    /// Waits, bounded, until `provisionings` provisionings were acknowledged.
    static func waitFor(_ acknowledged: Acknowledged, provisionings: Int) async throws {
        for _ in 0..<6_000 {
            if acknowledged.snapshot.provisioningIds.count >= provisionings { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw FlowFailure(
            description: "fewer than \(provisionings) provisionings acknowledged in time; failures: "
                + acknowledged.failureSummary)
    }

    /// The pool's figures from a `/metrics` text: the bucket holding the 99th
    /// percentile of acquire waits, and the counts.
    static func pool(_ metrics: String) -> String {
        var buckets: [(bound: Double, count: Double)] = []
        var values: [String: Double] = [:]
        for line in metrics.split(separator: "\n") where line.hasPrefix("tpc_db_pool_") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let value = Double(parts[1]) else { continue }
            let name = String(parts[0])
            if name.hasPrefix("tpc_db_pool_acquire_wait_seconds_bucket{le=\"") {
                let bound = name.dropFirst("tpc_db_pool_acquire_wait_seconds_bucket{le=\"".count).prefix { $0 != "\"" }
                buckets.append((bound == "+Inf" ? .infinity : Double(bound) ?? .infinity, value))
            } else {
                values[name] = value
            }
        }
        let total = buckets.last?.count ?? 0
        let p99 = buckets.first { total > 0 && $0.count >= 0.99 * total }?.bound
        let figure = p99.map { $0.isFinite ? "≤ \($0 * 1_000) ms" : "> 10 s" } ?? "n/a"
        let counts = [
            "tpc_db_pool_failed_opens_total", "tpc_db_pool_stale_connections_dropped_total",
            "tpc_db_pool_idle_connections_closed_total", "tpc_db_pool_acquire_timeouts_total",
        ].map { "\($0.dropFirst("tpc_db_pool_".count)) \(Int(values[$0] ?? 0))" }.joined(separator: ", ")
        return "\(Int(total)) leases, acquire wait p99 \(figure); \(counts)"
    }
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
