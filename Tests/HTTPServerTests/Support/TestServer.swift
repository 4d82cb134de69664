import Foundation
import ProvisioningHTTP
import Synchronization
import TestSupport

/// Starts a server on 127.0.0.1 with an ephemeral port, runs `body`, and always
/// shuts the server down.
func withServer<T>(
    limits: HTTPServer.Limits = HTTPServer.Limits(), tls: HTTPServer.TLS? = nil,
    middleware: [any HTTPMiddleware] = [], observers: HTTPServerObservers = HTTPServerObservers(),
    inlineHandlerBudget: Duration = HTTPServer.Configuration().inlineHandlerBudget,
    router: Router, _ body: (HTTPServer) async throws -> T
) async throws -> T {
    let server = HTTPServer(
        configuration: .init(
            host: "127.0.0.1", port: 0, limits: limits, threadPoolSize: 2, tls: tls,
            inlineHandlerBudget: inlineHandlerBudget),
        router: router, middleware: middleware, observers: observers)
    try server.start()
    do {
        let result = try await body(server)
        await server.shutdown(gracePeriod: .seconds(5))
        return result
    } catch {
        await server.shutdown(gracePeriod: .seconds(5))
        throw error
    }
}

/// A thread-safe list for values collected by handlers and observers.
final class Collected<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    var values: [Element] { storage.withLock { $0 } }
}

/// A flag set from any thread.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}

/// A counter incremented from any thread.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .sequentiallyConsistent) }
    var count: Int { value.load(ordering: .sequentiallyConsistent) }
}
