import Synchronization

/// Lets the issuer's completion handler through once, and only before the
/// time limit: the first of "handler called" and "time is up" wins; a call
/// after that is recorded as a diagnostic and ignored, as Apple ignores it.
final class CompletionGate: Sendable {
    private typealias Waiter = CheckedContinuation<PKAddPaymentPassRequest?, Never>

    private enum Phase {
        /// Waiting for the handler; the waiter is set once `wait` has parked.
        case open(Waiter?)
        /// The handler answered before `wait` parked.
        case answered(PKAddPaymentPassRequest)
        /// Decided: by the handler (`expired == false`) or the time limit.
        case closed(expired: Bool)
    }

    private let phase = Mutex(Phase.open(nil))
    private let wallet: SimulatedWallet

    init(wallet: SimulatedWallet) {
        self.wallet = wallet
    }

    /// Waits for the handler or the time limit, whichever comes first; `nil`
    /// means the limit passed.
    func wait(timeout: Duration) async -> PKAddPaymentPassRequest? {
        let timer = Task {
            try? await Task.sleep(for: timeout)
            self.expire()
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { (waiter: Waiter) in
            let decided: PKAddPaymentPassRequest?? = phase.withLock { phase in
                switch phase {
                case .open:
                    phase = .open(waiter)
                    return .none
                case .answered(let request):
                    phase = .closed(expired: false)
                    return .some(request)
                case .closed:
                    return .some(nil)
                }
            }
            if let decided { waiter.resume(returning: decided) }
        }
    }

    /// The issuer's handler was called.
    func deliver(_ request: PKAddPaymentPassRequest) {
        enum Outcome {
            case accepted(Waiter?)
            case twice
            case late
        }
        let outcome: Outcome = phase.withLock { phase in
            switch phase {
            case .open(let waiter):
                phase = waiter == nil ? .answered(request) : .closed(expired: false)
                return .accepted(waiter)
            case .answered, .closed(expired: false):
                return .twice
            case .closed(expired: true):
                return .late
            }
        }
        switch outcome {
        case .accepted(let waiter):
            waiter?.resume(returning: request)
        case .twice:
            wallet.record(.init(.handlerCalledTwice, "the completion handler was called again; the call was ignored"))
        case .late:
            wallet.record(.init(.handlerCalledLate, "the completion handler was called after the time limit; ignored"))
        }
    }

    private func expire() {
        let expired: (Bool, Waiter?) = phase.withLock { phase in
            guard case .open(let waiter) = phase else { return (false, nil) }
            phase = .closed(expired: true)
            return (true, waiter)
        }
        guard expired.0 else { return }
        wallet.record(.init(.handlerTimedOut, "the completion handler was not called within the time limit"))
        expired.1?.resume(returning: nil)
    }
}
