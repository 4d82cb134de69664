import Foundation
import ProvisioningFuzzing
import Testing

/// Replays every checked-in fuzz input (seed corpora and the crash regressions)
/// through the same entry logic the libFuzzer executables run, so a fixed crash
/// stays fixed in `make test` without the sanitizer build.
///
/// The corpora live at the repository root (`Fuzz/corpus`, `Fuzz/regressions`)
/// because `make fuzz` reads and extends them; they are found from this file's
/// path rather than copied into the test bundle.
@Suite(.timeLimit(.minutes(3))) struct FuzzCorpusReplayTests {
    static let fuzzDirectory = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fuzz")

    static func inputs(in folder: String, target: String) throws -> [URL] {
        let directory = fuzzDirectory.appending(path: folder).appending(path: target)
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func everyTargetHasASeedCorpusWithAnAcceptedInput(target: String) throws {
        let seeds = try Self.inputs(in: "corpus", target: target)
        #expect(seeds.count >= 3, "\(target) needs seeds of several shapes")
        #expect(seeds.contains { $0.lastPathComponent.hasPrefix("valid") }, "\(target) needs a valid seed")
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func seedsNamedValidAreAcceptedAndOthersDoNotCrash(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        for file in try Self.inputs(in: "corpus", target: name) {
            let outcome = target.run(Array(try Data(contentsOf: file)))
            #expect(outcome != .hung, "seed \(name)/\(file.lastPathComponent) hung the code under test")
            #expect(outcome != .inconsistent, "seed \(name)/\(file.lastPathComponent) was read two ways")
            if file.lastPathComponent.hasPrefix("valid") {
                #expect(outcome == .accepted, "seed \(name)/\(file.lastPathComponent) was refused")
            }
        }
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func crashRegressionsAreRefusedWithoutCrashing(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        for file in try Self.inputs(in: "regressions", target: name) {
            // Reaching the expectation at all is the regression check: the input crashed before its fix.
            let outcome = target.run(Array(try Data(contentsOf: file)))
            #expect(outcome == .accepted || outcome == .refused)
        }
    }

    @Test func everyCorpusFolderBelongsToATarget() throws {
        for folder in ["corpus", "regressions"] {
            let directory = Self.fuzzDirectory.appending(path: folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                !$0.hasPrefix(".")
            }
            for name in names {
                #expect(FuzzTarget.named(name) != nil, "\(folder)/\(name) has no fuzz target")
            }
        }
    }
}
