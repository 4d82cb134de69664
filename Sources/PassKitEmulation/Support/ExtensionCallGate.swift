import Synchronization

/// Lets one completion through — an issuer extension's, or the add sheet's
/// request handler — and only within the call's time limit, as Wallet does:
/// the first of "completion called" and "time is up" wins; a second call, or a
/// call after the limit, is recorded and ignored.
final class ExtensionCallGate<Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Value?, Never>

    private enum Phase {
        case open(Waiter?)
        case answered(Value)
        case closed(expired: Bool)
    }

    private enum Outcome {
        case accepted(Waiter?)
        case twice
        case late
    }

    private let phase = Mutex(Phase.open(nil))
    private let call: String
    private let limit: Duration
    private let timeoutCode: SimulatedWallet.Diagnostic.Code
    private let timeoutConsequence: String
    private let log: DiagnosticLog?
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private let answeredAfter = Mutex<Duration?>(nil)

    /// - Parameters:
    ///   - call: the method's name, for messages (`status`, `passEntries`…).
    ///   - timeoutCode: what a missing completion is reported as.
    ///   - timeoutConsequence: what Wallet does then, for the message.
    ///   - log: where a second, late or missing call is recorded; `nil`
    ///     records nothing (Wallet waiting for something of its own).
    init(
        call: String, limit: Duration, timeoutCode: SimulatedWallet.Diagnostic.Code = .handlerTimedOut,
        timeoutConsequence: String, log: DiagnosticLog?
    ) {
        self.call = call
        self.limit = limit
        self.timeoutCode = timeoutCode
        self.timeoutConsequence = timeoutConsequence
        self.log = log
        self.started = clock.now
    }

    /// How long the completion took, once it was called in time.
    var elapsed: Duration? { answeredAfter.withLock { $0 } }

    /// Waits for the completion or the limit; `nil` means the limit passed.
    func wait() async -> Value? {
        let remaining = limit - (clock.now - started)
        let timer = Task {
            try? await Task.sleep(for: remaining)
            self.expire()
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { (waiter: Waiter) in
            let decided: Value?? = phase.withLock { phase in
                switch phase {
                case .open:
                    phase = .open(waiter)
                    return .none
                case .answered(let value):
                    phase = .closed(expired: false)
                    return .some(value)
                case .closed:
                    return .some(nil)
                }
            }
            if let decided { waiter.resume(returning: decided) }
        }
    }

    /// The extension called its completion.
    func deliver(_ value: Value) {
        let elapsed = clock.now - started
        // The limit is decided by the clock, not by whether the timer task has
        // run yet: on a busy machine it can be scheduled after a late answer.
        if elapsed > limit { expire() }
        let outcome: Outcome = phase.withLock { phase in
            switch phase {
            case .open(let waiter):
                phase = waiter == nil ? .answered(value) : .closed(expired: false)
                return .accepted(waiter)
            case .answered, .closed(expired: false):
                return .twice
            case .closed(expired: true):
                return .late
            }
        }
        switch outcome {
        case .accepted(let waiter):
            answeredAfter.withLock { $0 = elapsed }
            waiter?.resume(returning: value)
        case .twice:
            log?.record(
                .handlerCalledTwice,
                "\(call): the completion handler was called a second time; Wallet ignored the call "
                    + "(call every completion exactly once, on every path)")
        case .late:
            log?.record(
                .handlerCalledLate,
                "\(call): the completion handler was called after \(Self.milliseconds(elapsed)) ms, past the "
                    + "\(Self.milliseconds(limit)) ms limit; Wallet ignored the call")
        }
    }

    private func expire() {
        let waiter: Waiter?? = phase.withLock { phase in
            guard case .open(let waiter) = phase else { return .none }
            phase = .closed(expired: true)
            return .some(waiter)
        }
        guard case .some(let parked) = waiter else { return }
        log?.record(
            timeoutCode,
            "\(call): the completion handler was not called within \(Self.milliseconds(limit)) ms; "
                + timeoutConsequence)
        parked?.resume(returning: nil)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
