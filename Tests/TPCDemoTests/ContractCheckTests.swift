import Foundation
import TestSupport
import Testing

/// schemathesis (PyPI, pinned in Tests/Interop/requirements.txt) against the
/// OpenAPI document `tpc serve --sandbox` serves, with data and credentials
/// made by an independent Python bank backend (Tests/Interop/contract_check.py).
/// Every check, a fixed seed, 25 examples per operation; any warning but
/// "validation mismatch" (an operation answering only 401/403 or 404 among
/// them) fails the run.
@Suite("OpenAPI contract (schemathesis)", .timeLimit(.minutes(10)))
struct ContractCheckTests {
    @Test("schemathesis reaches every operation past authentication and finds no failure with every check")
    func schemathesisFindsNothing() async throws {
        let output = try await InteropPython.run(
            "contract_check.py", [try ToolProcess.binary().path], input: [], timeout: .seconds(400))
        let text = String(decoding: output, as: UTF8.self)
        let operations = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("operations: ") }, "no coverage line in: \(text)")
        let numbers = operations.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count == 3 && numbers[0] == numbers[1] && numbers[2] == numbers[1], "\(operations)")
        #expect(numbers.first ?? 0 >= 31, "\(operations)")
    }
}
