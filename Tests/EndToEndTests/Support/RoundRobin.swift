import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The tests' load balancer over several `tpc serve` instances: each request
/// goes to the next instance in the rotation. An instance can be taken out
/// (drained before a restart, or once killed) and put back. A GET whose
/// connection was refused is sent on to the next instance, as a load balancer
/// does; any other failure is the caller's. A refused POST is not: libcurl
/// sends a request again on a fresh connection when the kept-alive one it
/// used died, so "refused" may follow a first attempt that the killed
/// instance received and committed (its code then counts as used).
///
/// Every request is logged with its phase, instance, outcome and timing, for
/// the test's verdict and figures.
final class RoundRobin: Sendable {
    /// What became of one request.
    struct Outcome: Sendable {
        let phase: String
        let instance: Int
        let method: String
        let path: String
        /// The HTTP status, when an answer came.
        let status: Int?
        /// The transport failure otherwise.
        let failure: String?
        /// The `Retry-After` header of the answer.
        let retryAfter: String?
        let started: ContinuousClock.Instant
        let duration: Duration
    }

    private struct State {
        var next = 0
        var inRotation: Set<Int>
        var inFlight: [Int: Int] = [:]
        var phase = "start"
        var outcomes: [Outcome] = []
        var reroutes = 0
    }

    let roots: [String]
    private let state: Mutex<State>
    private let clock = ContinuousClock()

    /// Room for every client at once on each instance (the shared session
    /// allows four connections per host and port).
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 30
        configuration.httpMaximumConnectionsPerHost = 16
        return URLSession(configuration: configuration)
    }()

    init(roots: [String]) {
        self.roots = roots
        state = Mutex(State(inRotation: Set(roots.indices)))
    }

    /// The phase new requests are logged under.
    var phase: String {
        get { state.withLock { $0.phase } }
        set { state.withLock { $0.phase = newValue } }
    }

    /// Takes `instance` out of the rotation: no new request goes there.
    func remove(_ instance: Int) { _ = state.withLock { $0.inRotation.remove(instance) } }

    /// Puts `instance` back into the rotation.
    func add(_ instance: Int) { _ = state.withLock { $0.inRotation.insert(instance) } }

    /// Requests sent to `instance` and not answered yet.
    func inFlight(_ instance: Int) -> Int { state.withLock { $0.inFlight[instance] ?? 0 } }

    /// Every request so far.
    var outcomes: [Outcome] { state.withLock { $0.outcomes } }

    /// GET requests refused by an instance's closed port and sent to another.
    var reroutes: Int { state.withLock { $0.reroutes } }

    /// Sends a request to the next instance in the rotation.
    ///
    /// - Throws: the transport error when the request may have reached an
    ///   instance; `FlowFailure` when no instance is in the rotation.
    func send(
        _ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> WireResponse {
        for _ in 0..<(roots.count * 2) {
            let picked: (Int, String)? = state.withLock { state in
                guard !state.inRotation.isEmpty else { return nil }
                for _ in roots.indices {
                    let candidate = state.next % roots.count
                    state.next += 1
                    if state.inRotation.contains(candidate) {
                        state.inFlight[candidate, default: 0] += 1
                        return (candidate, state.phase)
                    }
                }
                return nil
            }
            guard let (instance, phase) = picked else { break }
            let started = clock.now
            do {
                let response = try await WireClient(root: roots[instance], session: Self.session).send(
                    method, path, body: body, headers: headers)
                log(
                    Outcome(
                        phase: phase, instance: instance, method: method, path: path, status: response.status,
                        failure: nil, retryAfter: response.header("Retry-After"), started: started,
                        duration: clock.now - started))
                return response
            } catch let error as URLError where error.code == .cannotConnectToHost && method == "GET" {
                // Refused, and safe to send again: the next instance gets it.
                state.withLock { state in
                    state.inFlight[instance, default: 1] -= 1
                    state.reroutes += 1
                }
                continue
            } catch {
                let kind = (error as? URLError).map { "URLError \($0.code.rawValue)" } ?? "\(type(of: error))"
                log(
                    Outcome(
                        phase: phase, instance: instance, method: method, path: path, status: nil, failure: kind,
                        retryAfter: nil, started: started, duration: clock.now - started))
                throw error
            }
        }
        throw FlowFailure(description: "no instance accepted \(method) \(path)")
    }

    func post(_ path: String, json: some Encodable, headers: [String: String] = [:]) async throws -> WireResponse {
        try await send("POST", path, body: try JSONEncoder.provisioningAPI.encode(json), headers: headers)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> WireResponse {
        try await send("GET", path, headers: headers)
    }

    private func log(_ outcome: Outcome) {
        state.withLock { state in
            state.inFlight[outcome.instance, default: 1] -= 1
            state.outcomes.append(outcome)
        }
    }
}

extension RoundRobin.Outcome {
    /// Whether the request failed: no answer, or an answer other than 2xx.
    var failed: Bool { status.map { !(200..<300).contains($0) } ?? true }
}

extension Collection where Element == RoundRobin.Outcome {
    /// `requests N, 200 ×a, 201 ×b, 503 ×c, URLError -1005 ×d, p99 X ms` for a figure line.
    var summary: String {
        var counts: [String: Int] = [:]
        for outcome in self { counts[outcome.status.map(String.init) ?? outcome.failure ?? "?", default: 0] += 1 }
        let kinds = counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        let milliseconds = map {
            Double($0.duration.components.seconds) * 1_000 + Double($0.duration.components.attoseconds) / 1e15
        }
        .sorted()
        let p99 =
            milliseconds.isEmpty
            ? 0 : milliseconds[Swift.min(milliseconds.count - 1, Int(Double(milliseconds.count) * 0.99))]
        return "requests \(count)\(kinds.isEmpty ? "" : ", " + kinds), latency p99 \(Int(p99.rounded())) ms"
    }
}
