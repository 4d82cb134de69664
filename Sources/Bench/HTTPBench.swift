import Dispatch
import Foundation
import ProvisioningHTTP

/// `tpc-bench http-serve --port N [--threads T] [--max-header-bytes B] [--inline-budget-us U]`: serves `GET /hello` → `{"ok":true}`
/// through the full router and middleware path until SIGTERM or SIGINT, for
/// scripts/bench-http.sh to load with wrk.
enum HTTPBench {
    static func serve(_ arguments: [String]) async throws {
        var port = 8080
        var threads = ProcessInfo.processInfo.activeProcessorCount
        var maxHeaderBytes = HTTPServer.Limits().maxHeaderBytes
        var inlineBudget = HTTPServer.Configuration().inlineHandlerBudget
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let next = arguments.index(after: index)
            switch arguments[index] {
            case "--port" where next < arguments.endIndex:
                port = Int(arguments[next]) ?? port
                index = arguments.index(after: next)
            case "--max-header-bytes" where next < arguments.endIndex:
                maxHeaderBytes = Int(arguments[next]) ?? maxHeaderBytes
                index = arguments.index(after: next)
            case "--inline-budget-us" where next < arguments.endIndex:
                inlineBudget = Int(arguments[next]).map { .microseconds($0) } ?? inlineBudget
                index = arguments.index(after: next)
            case "--threads" where next < arguments.endIndex:
                threads = Int(arguments[next]) ?? threads
                index = arguments.index(after: next)
            default:
                index = next
            }
        }

        // Encoded once, as a service would cache a constant document: the figure is
        // about the server (parsing, routing, middleware, suspend/resume), not JSONEncoder.
        let hello = try HTTPResponse.json(["ok": true])
        var router = Router()
        router.get("/hello") { _ in hello }
        let server = HTTPServer(
            configuration: .init(
                port: port, limits: .init(maxHeaderBytes: maxHeaderBytes, maxConnections: 4096),
                threadPoolSize: threads,
                inlineHandlerBudget: inlineBudget),
            router: router,
            observers: HTTPServerObservers(diagnostics: { message in
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }))
        try server.start()
        print("http-serve: listening on 127.0.0.1:\(server.port)")
        fflush(nil)  // flushes every stream; `stdout` itself is not concurrency-safe to name

        await waitForTermination()
        await server.shutdown(gracePeriod: .seconds(2))
        print("http-serve: stopped")
    }

    /// Suspends until SIGTERM or SIGINT. Dispatch sources deliver the signals on a
    /// queue, so no closure runs in signal context or on the main actor.
    private static func waitForTermination() async {
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        let queue = DispatchQueue(label: "tpc-bench.signals")
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = SignalLatch(continuation)
            for signalNumber in [SIGTERM, SIGINT] {
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { resumed.fire() }
                source.resume()
                resumed.keep(source)
            }
        }
    }
}

/// Resumes the waiting continuation once, whichever signal comes first, and keeps
/// the signal sources alive meanwhile. Only touched on the signal queue (and once
/// during setup, before any handler can run).
private final class SignalLatch: @unchecked Sendable {
    private var continuation: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation = continuation
    }

    func keep(_ source: any DispatchSourceSignal) {
        sources.append(source)
    }

    func fire() {
        continuation?.resume()
        continuation = nil
        for source in sources { source.cancel() }
    }
}
