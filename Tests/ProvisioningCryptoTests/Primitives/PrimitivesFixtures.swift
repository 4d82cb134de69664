import Foundation
import TPCDemo
import Testing

/// Shared helpers for the primitives tests: fixture loading, hex, and running
/// the `openssl` command line for interop checks.
enum PrimitivesFixtures {
    struct FixtureMissing: Error {}
    struct BadHex: Error {}
    struct CommandFailed: Error, CustomStringConvertible {
        let status: Int32
        let output: String
        var description: String { "openssl exited \(status): \(output)" }
    }

    /// Decodes `Fixtures/primitives/<name>.json`.
    static func load<Value: Decodable>(_ type: Value.Type, _ name: String) throws -> Value {
        guard
            let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/primitives")
        else { throw FixtureMissing() }
        return try JSONDecoder().decode(type, from: Data(contentsOf: url))
    }

    /// Raw fixture JSON bytes.
    static func data(_ name: String) throws -> Data {
        guard
            let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/primitives")
        else { throw FixtureMissing() }
        return try Data(contentsOf: url)
    }

    static func bytes(hex: String) throws -> [UInt8] {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { throw BadHex() }
        var output: [UInt8] = []
        output.reserveCapacity(digits.count / 2)
        func value(_ digit: UInt8) throws -> UInt8 {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: throw BadHex()
            }
        }
        var index = 0
        while index < digits.count {
            output.append(try value(digits[index]) << 4 | value(digits[index + 1]))
            index += 2
        }
        return output
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Deterministic pseudo-random bytes for garbage-input loops (SplitMix64), so
    /// a failing case can be reproduced from its index.
    struct Garbage: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func bytes(maximumCount: Int) -> [UInt8] {
            let count = Int.random(in: 0...maximumCount, using: &self)
            return (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
        }
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pp-primitives-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `openssl` with `arguments` and returns its standard output,
    /// through TPCDemo's `ChildProcess` (bounded, holding no thread).
    static func openssl(_ arguments: [String], input: Data? = nil) async throws -> Data {
        let result = try await ChildProcess.run(
            ["openssl"] + arguments, input: Array(input ?? Data()), timeout: .seconds(120))
        guard result.exit == .exited(0) else {
            throw CommandFailed(status: result.exit.shellStatus, output: result.errorText)
        }
        return Data(result.output)
    }
}
