import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Synchronization

/// The provisioning service figures of `make bench`, against a running
/// `tpc serve --sandbox` started by scripts/bench-service.sh:
///
///     tpc-bench service-ceiling --url http://127.0.0.1:PORT --sandbox-dir DIR [--seconds 3]
///     tpc-bench service-load --url http://127.0.0.1:PORT --sandbox-dir DIR --pid PID --label sqlite
///         [--seconds 3] [--connections 16] [--total 100000] [--soak-seconds 60] [--latency-seconds 15]
///
/// `service-ceiling` is the crypto-only ceiling of one provisioning: the work
/// the service does per request that is pure cryptography — base64 + CMS
/// decryption of the card payload (RSA-2048 OAEP, the sandbox issuer's key),
/// ES256 verification and claim checks of the code, ECC_V2 encryption for
/// the sandbox leaf, and the small primitives beside them (two HMAC-SHA256,
/// a SHA-256, 28 random bytes) — in a tight loop on one thread and on two threads at once
/// (the server uses both cores, so the two-thread figure is its baseline), and
/// per CPU second of the looping threads with both cores busy, the baseline of
/// the server's requests per CPU second — the figure that stays meaningful
/// when other processes share the cores. (Per CPU second of one thread with
/// the other core idle is reported beside it: a core can do less per CPU
/// second once the other one is busy too, which the loaded server always is.)
///
/// `service-load` measures that ceiling right before and right after its
/// closed-loop throughput phase and compares the server with the mean of the
/// two (`service.<label>.crypto_ceiling_*`; both two-thread readings are
/// printed too). It measures the closed-loop throughput, the latency at half of
/// it (open loop), memory after `--total` requests, and then soaks the
/// service for `--soak-seconds` at 70 % of that throughput (open loop):
/// requests, failures, p50/p99 latency over the whole soak and RSS at its
/// start, end and peak, with one RSS log line per slice.
///
/// Apple's chain is not verified per request by the service: it caches
/// verified chains by fingerprint and the sandbox has one leaf, so every
/// request after the first is a cache hit (one SHA-256 over the chain, which
/// the loop includes).
enum ServiceBench {
    struct Options {
        var url = ""
        var sandboxDirectory = URL(fileURLWithPath: ".")
        var pid: Int32 = 0
        var label = "sqlite"
        var seconds = 3.0
        var connections = 16
        var total = 100_000
        var soakSeconds = 60.0
        var latencySeconds = 15.0

        init(_ arguments: [String]) throws {
            var index = 0
            func next() throws -> String {
                index += 1
                guard index < arguments.count else {
                    throw BenchError(.invalidArgument, "\(arguments[index - 1]) needs a value")
                }
                return arguments[index]
            }
            while index < arguments.count {
                switch arguments[index] {
                case "--url": url = try next()
                case "--sandbox-dir": sandboxDirectory = URL(fileURLWithPath: try next(), isDirectory: true)
                case "--pid": pid = Int32(try next()) ?? 0
                case "--label": label = try next()
                case "--seconds": seconds = Double(try next()) ?? seconds
                case "--connections": connections = Int(try next()) ?? connections
                case "--total": total = Int(try next()) ?? total
                case "--soak-seconds": soakSeconds = Double(try next()) ?? soakSeconds
                case "--latency-seconds": latencySeconds = Double(try next()) ?? latencySeconds
                default: throw BenchError(.invalidArgument, "unknown option \(arguments[index])")
                }
                index += 1
            }
        }

        /// Host and port of `--url` (`http://127.0.0.1:8080`).
        func endpoint() throws -> (host: String, port: Int) {
            guard let components = URLComponents(string: url), let host = components.host, let port = components.port
            else { throw BenchError(.invalidArgument, "--url must be http://HOST:PORT") }
            return (host, port)
        }
    }

    // MARK: Ceiling

    /// One measurement of the crypto-only ceiling.
    struct Ceiling {
        /// Operations per second of one thread, the other core idle.
        var oneThread: Double
        /// Operations per CPU second of that thread.
        var oneThreadPerCPUSecond: Double
        /// Operations per second of two threads at once.
        var twoThreads: Double
        /// Operations per CPU second of the two threads: what a core does with the
        /// other one busy too, as it is while the service is loaded.
        var twoThreadsPerCPUSecond: Double

        /// The mean of two measurements, figure by figure.
        func averaged(with other: Ceiling) -> Ceiling {
            Ceiling(
                oneThread: (oneThread + other.oneThread) / 2,
                oneThreadPerCPUSecond: (oneThreadPerCPUSecond + other.oneThreadPerCPUSecond) / 2,
                twoThreads: (twoThreads + other.twoThreads) / 2,
                twoThreadsPerCPUSecond: (twoThreadsPerCPUSecond + other.twoThreadsPerCPUSecond) / 2)
        }

        func emit(prefix: String) {
            BenchFigure(name: "\(prefix)crypto_ceiling_1_thread_per_second", value: oneThread, unit: "op/s").emit()
            // Per CPU second of the loop's thread: what one core does however busy
            // the machine is (other processes only lengthen the wall time).
            BenchFigure(
                name: "\(prefix)crypto_ceiling_per_cpu_second", value: oneThreadPerCPUSecond, unit: "op/CPU-s"
            ).emit()
            BenchFigure(name: "\(prefix)crypto_ceiling_2_threads_per_second", value: twoThreads, unit: "op/s").emit()
            // Per CPU second with both cores busy, as they are while the service is
            // loaded: a core can do less crypto per CPU second when the other one is
            // busy too (shared caches and host resources), so this, not the
            // one-thread figure, is the like-for-like baseline of the server's
            // requests per CPU second under full load.
            BenchFigure(
                name: "\(prefix)crypto_ceiling_2_threads_per_cpu_second", value: twoThreadsPerCPUSecond,
                unit: "op/CPU-s"
            ).emit()
        }
    }

    static func ceiling(_ arguments: [String]) throws {
        let options = try Options(arguments)
        try ceiling(factory: try makeFactory(options), seconds: options.seconds).emit(prefix: "service.")
    }

    static func ceiling(factory: ProvisioningRequestFactory, seconds: Double) throws -> Ceiling {
        let now = Date()
        let cardRef = "bench-ceiling"
        let payload = CMSEnvelopedData.base64EncodedString(
            der: try CMSEnvelopedData.encrypt(
                try factory.payloadJSON(cardRef: cardRef, now: now), for: factory.payloadCertificate))
        let code = try factory.authorizationCode(cardRef: cardRef, now: now)
        let keys = JWKSet(keys: [
            JWK(publicKey: .p256(factory.codeKey.publicKey), keyID: factory.keyID, algorithm: .es256)
        ])
        let validator = JWTValidator(
            expectedIssuer: factory.issuerId, expectedAudience: factory.audience, leeway: 30, maximumLifetime: 300,
            requireExpiration: true, requireIssuedAt: true, requireJWTID: true)
        guard let leaf = factory.chain.first else {
            throw BenchError(.missingPrerequisite, "the sandbox served an empty chain")
        }
        let chainBytes = factory.chain.flatMap(\.derRepresentation)
        let passData = ApplePayPassData(
            primaryAccountNumber: ProvisioningRequestFactory.pan,
            expiration: ProvisioningRequestFactory.expiration(now: now),
            name: "Bench Cardholder", nonce: try SecureRandom.bytes(count: 32),
            nonceSignature: try SecureRandom.bytes(count: 71))
        let secret = try SecureRandom.bytes(count: 32)
        let one: @Sendable () throws -> Void = {
            let der = try CMSEnvelopedData.der(base64: payload)
            _ = try CMSEnvelopedData.decrypt(der, key: factory.payloadKey, certificate: factory.payloadCertificate)
            _ = try validator.validate(code, keys: keys, now: now)
            _ = try SHA256.hash(data: chainBytes)
            _ = try ApplePayECCV2.encrypt(passData, for: leaf)
            // The small primitives of the same request: the provisioning id and
            // audit event id (random), the activation data's and the PAN
            // fingerprint's HMAC-SHA256, the nonce's digest for its replay guard.
            let provisioningId = try SecureRandom.bytes(count: 16)
            _ = try SecureRandom.bytes(count: 12)
            _ = try HMACSHA256.authenticationCode(for: provisioningId + passData.nonce, key: secret)
            _ = try HMACSHA256.authenticationCode(for: Array(ProvisioningRequestFactory.pan.utf8), key: secret)
            _ = try SHA256.hash(data: passData.nonce)
        }
        let cpuBefore = threadCPUSeconds()
        var operations = 0
        let single = try measureRate(seconds: seconds) {
            try one()
            operations += 1
        }
        let perCPUSecond = Double(operations) / (threadCPUSeconds() - cpuBefore)
        let rates = Mutex<[Double]>([])
        let work = Mutex<(operations: Int, cpuSeconds: Double)>((0, 0))
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            do {
                let cpuBefore = threadCPUSeconds()
                var operations = 0
                let rate = try measureRate(seconds: seconds) {
                    try one()
                    operations += 1
                }
                let cpu = threadCPUSeconds() - cpuBefore
                rates.withLock { $0.append(rate) }
                work.withLock { $0 = ($0.operations + operations, $0.cpuSeconds + cpu) }
            } catch {
                failure.withLock { $0 = error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let loaded = work.withLock { $0 }
        return Ceiling(
            oneThread: single, oneThreadPerCPUSecond: perCPUSecond, twoThreads: rates.withLock { $0.reduce(0, +) },
            twoThreadsPerCPUSecond: Double(loaded.operations) / loaded.cpuSeconds)
    }

    // MARK: Load

    static func load(_ arguments: [String]) throws {
        let options = try Options(arguments)
        guard options.pid > 0 else { throw BenchError(.invalidArgument, "--pid is required") }
        let label = options.label
        let process = ProcessStatistics(pid: options.pid)
        // Idle: after start-up, before the first request of any kind.
        let idleRSS = try process.residentMegabytes()
        let idleAnonymous = try process.anonymousResidentMegabytes()
        let idlePSS = try process.proportionalMegabytes()
        let factory = try makeFactory(options)
        // The ceiling right before and right after the throughput phase, with the
        // server idle both times: the machine's speed drifts by several per cent
        // over minutes (other tenants of the host), and the mean of the two
        // brackets the load in time. Both readings are printed.
        let ceilingBefore = try ceiling(factory: factory, seconds: options.seconds)
        let (host, port) = try options.endpoint()
        let generator = LoadGenerator(host: host, port: port, connections: options.connections)
        var sent = 0
        func drive(_ count: Int, rate: Double? = nil) throws -> LoadGenerator.Result {
            let requests = try factory.makeRequests(count: count)
            let result = try generator.run(requests, rate: rate)
            sent += count
            if result.failed > 0 {
                log("\(label): \(result.failed) of \(count) requests failed; first: \(result.firstFailure ?? "?")")
            }
            return result
        }

        let warmup = try drive(2_000)
        guard warmup.succeeded > 0 else {
            throw BenchError(.measurementFailed, "no provisioning request succeeded during warm-up")
        }
        log("\(label): warm-up \(Int(warmup.requestsPerSecond)) requests/s")

        // Throughput: about 20 s of closed-loop load, server and machine CPU beside it.
        let count = min(20_000, max(2_000, Int(warmup.requestsPerSecond * 20)))
        let requests = try factory.makeRequests(count: count)
        let machineBefore = try MachineCPU.read()
        let serverBefore = try process.cpuSeconds()
        let full = try generator.run(requests, rate: nil)
        let serverCPU = try process.cpuSeconds() - serverBefore
        let machine = try MachineCPU.read().busyFraction(since: machineBefore)
        sent += count
        let throughput = full.requestsPerSecond
        let ceilingAfter = try ceiling(factory: factory, seconds: options.seconds)
        ceilingBefore.averaged(with: ceilingAfter).emit(prefix: "service.\(label).")
        BenchFigure(
            name: "service.\(label).crypto_ceiling_2_threads_per_cpu_second.before",
            value: ceilingBefore.twoThreadsPerCPUSecond, unit: "op/CPU-s"
        ).emit()
        BenchFigure(
            name: "service.\(label).crypto_ceiling_2_threads_per_cpu_second.after",
            value: ceilingAfter.twoThreadsPerCPUSecond, unit: "op/CPU-s"
        ).emit()
        // Wall clock, for reference: the load generator (and PostgreSQL) share
        // the cores with the server, which so gets well under the two cores the
        // ceiling's threads had — the target is checked per CPU second below.
        BenchFigure(
            name: "service.\(label).provisioning_requests_per_second", value: throughput, unit: "requests/s",
            baselineKey: "service.\(label).crypto_ceiling_2_threads_per_second"
        ).emit()
        // Per CPU second the server got: comparable with the ceiling per CPU
        // second however busy other processes kept the cores.
        BenchFigure(
            name: "service.\(label).requests_per_server_cpu_second", value: Double(full.succeeded) / serverCPU,
            unit: "requests/CPU-s", baselineKey: "service.\(label).crypto_ceiling_2_threads_per_cpu_second",
            target: ">= 0.7"
        ).emit()
        // Against a lone core's crypto rate, for comparison: the loop then runs
        // with the other core idle, which the loaded server never does.
        BenchFigure(
            name: "service.\(label).requests_per_server_cpu_second_vs_one_idle_core",
            value: Double(full.succeeded) / serverCPU, unit: "requests/CPU-s",
            baselineKey: "service.\(label).crypto_ceiling_per_cpu_second"
        ).emit()
        BenchFigure(
            name: "service.\(label).full_load.server_cpu_percent", value: serverCPU / full.seconds * 100,
            unit: "% of one core"
        ).emit()
        BenchFigure(
            name: "service.\(label).full_load.client_cpu_percent", value: full.clientCPUSeconds / full.seconds * 100,
            unit: "% of one core"
        ).emit()
        BenchFigure(
            name: "service.\(label).full_load.machine_busy_percent", value: machine * 100,
            unit: "% of all cores"
        ).emit()
        BenchFigure(
            name: "service.\(label).full_load.failed_requests", value: Double(full.failed), unit: "requests",
            target: "<= 0"
        ).emit()

        // Latency at half the measured throughput, open loop.
        let halfRate = max(1, throughput / 2)
        let half = try drive(max(100, Int(halfRate * options.latencySeconds)), rate: halfRate)
        BenchFigure(
            name: "service.\(label).half_load.requests_per_second", value: half.requestsPerSecond, unit: "requests/s"
        )
        .emit()
        BenchFigure(name: "service.\(label).half_load.latency_p50_ms", value: half.percentile(0.5), unit: "ms").emit()
        BenchFigure(name: "service.\(label).half_load.latency_p99_ms", value: half.percentile(0.99), unit: "ms").emit()

        // Memory after `total` requests in all.
        let chunk = max(1_000, min(20_000, Int(throughput * 60)))
        while sent < options.total {
            _ = try drive(min(chunk, options.total - sent))
        }
        let afterTotal = try process.residentMegabytes()
        let thousands = options.total / 1000
        BenchFigure(name: "service.\(label).rss_idle_mib", value: idleRSS, unit: "MiB", target: "<= 40").emit()
        BenchFigure(name: "service.\(label).rss_idle_anonymous_mib", value: idleAnonymous, unit: "MiB").emit()
        BenchFigure(name: "service.\(label).pss_idle_mib", value: idlePSS, unit: "MiB").emit()
        BenchFigure(name: "service.\(label).rss_after_\(thousands)k_requests_mib", value: afterTotal, unit: "MiB")
            .emit()
        BenchFigure(
            name: "service.\(label).rss_anonymous_after_\(thousands)k_requests_mib",
            value: try process.anonymousResidentMegabytes(), unit: "MiB"
        ).emit()

        // Soak: 70 % of the closed-loop throughput measured above, open loop, in
        // slices of at most a minute so that codes stay fresh; every slice's
        // latencies count towards the soak's percentiles.
        guard options.soakSeconds > 0 else { return }
        let soakRate = max(1, throughput * 0.7)
        let soakStart = try process.residentMegabytes()
        var peak = soakStart
        var remaining = options.soakSeconds
        var soak = LoadGenerator.Result()
        while remaining > 0 {
            let slice = min(60, remaining)
            let result = try drive(max(1, Int(soakRate * slice)), rate: soakRate)
            soak.succeeded += result.succeeded
            soak.failed += result.failed
            soak.seconds += result.seconds
            soak.latencies += result.latencies
            remaining -= slice
            let rss = try process.residentMegabytes()
            peak = max(peak, rss)
            log(
                "\(label): soak \(Int(options.soakSeconds - remaining)) s at \(Int(soakRate)) requests/s, "
                    + "\(result.failed) failed, p99 \(String(format: "%.1f", result.percentile(0.99))) ms, "
                    + "RSS \(String(format: "%.1f", rss)) MiB")
        }
        soak.latencies.sort()
        let soakEnd = try process.residentMegabytes()
        let name = "service.\(label).soak_\(Int(options.soakSeconds))s"
        BenchFigure(
            name: "\(name).requests_per_second", value: soak.requestsPerSecond, unit: "requests/s",
            baselineKey: "service.\(label).provisioning_requests_per_second"
        ).emit()
        BenchFigure(name: "\(name).requests", value: Double(soak.succeeded + soak.failed), unit: "requests").emit()
        BenchFigure(name: "\(name).failed_requests", value: Double(soak.failed), unit: "requests", target: "<= 0")
            .emit()
        BenchFigure(name: "\(name).latency_p50_ms", value: soak.percentile(0.5), unit: "ms").emit()
        BenchFigure(name: "\(name).latency_p99_ms", value: soak.percentile(0.99), unit: "ms").emit()
        BenchFigure(name: "\(name).rss_start_mib", value: soakStart, unit: "MiB").emit()
        BenchFigure(name: "\(name).rss_end_mib", value: soakEnd, unit: "MiB").emit()
        BenchFigure(name: "\(name).rss_peak_mib", value: peak, unit: "MiB").emit()
        BenchFigure(
            name: "\(name).rss_growth_percent", value: (soakEnd - soakStart) / soakStart * 100,
            unit: "% (RSS end vs start)", target: "<= 10"
        ).emit()
    }

    // MARK: Support

    static func makeFactory(_ options: Options) throws -> ProvisioningRequestFactory {
        let (host, port) = try options.endpoint()
        let summary = try JSONDecoder().decode(
            [String: String].self,
            from: Data(contentsOf: options.sandboxDirectory.appendingPathComponent("sandbox.json")))
        let basePath = summary["basePath"] ?? ""
        let connection = try HTTPClientConnection(host: host, port: port)
        let answer = try connection.exchange(
            Array("GET \(basePath)/v1/sandbox/certificates HTTP/1.1\r\nHost: \(host):\(port)\r\n\r\n".utf8))
        guard answer.status == 200 else {
            throw BenchError(.requestFailed, "GET /v1/sandbox/certificates answered \(answer.status)")
        }
        let served = try JSONDecoder.provisioningAPI.decode(SandboxCertificateChain.self, from: Data(answer.body))
        let chain = try served.certificateChain.map { try Certificate(derRepresentation: Array($0)) }
        return try ProvisioningRequestFactory(
            sandboxDirectory: options.sandboxDirectory, chain: chain, host: host, port: port)
    }

    /// CPU seconds the calling thread has used.
    static func threadCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func log(_ message: String) {
        FileHandle.standardError.write(Data(("tpc-bench: " + message + "\n").utf8))
    }
}
