import Dispatch

/// Hands a completion handler's arguments to the callback queue.
///
/// The seed API's completion handlers are plain (not `@Sendable`) closures:
/// the seeds' own samples mutate captured variables and capture extension
/// objects in them. The SDK calls each handler exactly once, on
/// ``TPCSettings/callbackQueue``, and touches neither the handler nor its
/// arguments after handing them over, so moving them across the queue
/// boundary is safe even though the compiler cannot prove it; this box is the
/// one place that says so.
struct CallbackDelivery<Arguments>: @unchecked Sendable {
    private let queue: DispatchQueue
    private let handler: (Arguments) -> Void

    init(queue: DispatchQueue, _ handler: @escaping (Arguments) -> Void) {
        self.queue = queue
        self.handler = handler
    }

    /// Calls the handler with `arguments` on the callback queue.
    func deliver(_ arguments: Arguments) {
        let parcel = Parcel(handler: handler, arguments: arguments)
        queue.async { parcel.open() }
    }

    private struct Parcel: @unchecked Sendable {
        let handler: (Arguments) -> Void
        let arguments: Arguments
        func open() { handler(arguments) }
    }
}
