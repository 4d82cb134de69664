/// One fuzzing entry point: the logic a libFuzzer executable runs for each input
/// and the regression test replays for each checked-in corpus file.
///
/// Keeping the logic here, not in the fuzzer executables, means `make test`
/// exercises exactly what `make fuzz` exercised, without the sanitizer build.
///
/// ```swift
/// let outcome = FuzzTarget.cms.run(Array(data))
/// ```
public struct FuzzTarget: Sendable {
    /// The target's name, which is also its corpus folder (`Fuzz/corpus/<name>`).
    package let name: String
    private let body: @Sendable ([UInt8]) -> FuzzOutcome

    /// - Parameters:
    ///   - name: the corpus folder and fuzzer executable suffix.
    ///   - body: the entry logic; it must return for every input (never trap).
    package init(name: String, body: @escaping @Sendable ([UInt8]) -> FuzzOutcome) {
        self.name = name
        self.body = body
    }

    /// Feeds one input to the code under test.
    /// - Returns: whether the input was accepted or refused; a crash is a bug.
    public func run(_ input: [UInt8]) -> FuzzOutcome { body(input) }

    /// Every target, in the order `make fuzz` runs them.
    package static let all: [FuzzTarget] = [
        requestBodies, cms, certificateChain, jwt, deepLink, doctorPlist, http, httpFraming,
    ]

    /// The target named `name`, if any.
    package static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// What a fuzz target did with one input.
public enum FuzzOutcome: Sendable, Hashable {
    /// The input passed every check of the code under test.
    case accepted
    /// The input was refused with an error (the expected result for most inputs).
    case refused
    /// The code under test did not finish within the target's bound (a server
    /// that kept the connection past every timeout of its own). A finding like a
    /// crash: the fuzzer executables trap on it so that libFuzzer saves the input.
    case hung
    /// The code under test read one input two ways (whole, and split into
    /// pieces): a finding, trapped on like ``hung``.
    case inconsistent
}
