import Foundation
import TPCDemo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `tpc` (and `tpc-demo`) copied (hard-linked where possible) out of
/// the build directory into an empty temporary directory and run from there as an operator would run an
/// installed copy: the working directory and `HOME` are that directory, and
/// the environment holds only `PATH` (the copy first, then `/usr/bin:/bin`),
/// `HOME`, `TMPDIR` and `LANG` — nothing names the build directory, and
/// nothing beside the copies could stand in for a missing resource.
///
/// ```swift
/// let installed = try RelocatedBinaries.make()
/// defer { installed.remove() }
/// let help = try await installed.run(["demo", "--help"])
/// let server = try installed.start(["serve", "--sandbox", "--port", "0"], name: "serve")
/// ```
package struct RelocatedBinaries: Sendable {
    /// The directory holding the copies (`<temporary>/bin`).
    package let binDirectory: URL
    /// The working directory and `HOME` of every run (`<temporary>/home`).
    package let home: URL
    /// The directory the copies came from.
    package let buildDirectory: URL
    /// The temporary directory around both.
    package let root: URL

    /// What a finished run printed and how it ended.
    package struct Run: Sendable {
        /// The exit status; `nil` when a signal ended it.
        package var status: Int32?
        package var output: String
        package var error: String
    }

    /// Copies `executables` from the directory of the built `tpc` (``TPCBinary``).
    ///
    /// - Throws: ``TestSupportError`` `binary-missing` when one is not built.
    package static func make(_ executables: [String] = ["tpc", "tpc-demo"]) throws -> RelocatedBinaries {
        let built = try TPCBinary.locate().resolvingSymlinksInPath().deletingLastPathComponent()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tpc-relocated-\(UUID().uuidString)", isDirectory: true)
        let bin = root.appendingPathComponent("bin", isDirectory: true)
        let home = root.appendingPathComponent("home", isDirectory: true)
        for directory in [bin, home, home.appendingPathComponent("tmp")] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        for name in executables {
            let source = built.appendingPathComponent(name)
            guard FileManager.default.isExecutableFile(atPath: source.path) else {
                throw TestSupportError(
                    .binaryMissing, "\(source.path) is not built (`swift build --build-tests` builds it)")
            }
            try place(source, at: bin.appendingPathComponent(name))
        }
        return RelocatedBinaries(binDirectory: bin, home: home, buildDirectory: built, root: root)
    }

    /// A hard link when the temporary directory shares the build's file
    /// system, else a copy. A link opens no file for writing: a copy's write
    /// descriptor, inherited for an instant by a child that another test
    /// spawns, makes exec fail with "text file busy".
    private static func place(_ source: URL, at destination: URL) throws {
        if link(source.path, destination.path) == 0 { return }
        try FileManager.default.copyItem(at: source, to: destination)
    }

    /// The whole environment of every run.
    package var environment: [String: String] {
        [
            "PATH": "\(binDirectory.path):/usr/bin:/bin", "HOME": home.path,
            "TMPDIR": home.appendingPathComponent("tmp").path, "LANG": "C.UTF-8",
        ]
    }

    /// The copied executable `name`.
    package func executable(_ name: String = "tpc") -> URL {
        binDirectory.appendingPathComponent(name)
    }

    /// Runs the copied `tpc arguments…` to its end (at most `timeout`).
    package func run(
        _ arguments: [String], input: [UInt8] = [], executable name: String = "tpc",
        timeout: Duration = .seconds(300)
    ) async throws -> Run {
        try await runProgram([executable(name).path] + arguments, input: input, timeout: timeout)
    }

    /// Runs `command` (a program of `PATH`, a copy first, and its arguments)
    /// in the same place and environment as the copies.
    package func runProgram(
        _ command: [String], input: [UInt8] = [], timeout: Duration = .seconds(300)
    ) async throws -> Run {
        let command = TPCProcess.withOnly(environment, command)
        do {
            let result = try await ChildProcess.run(command, input: input, directory: home.path, timeout: timeout)
            return Run(status: result.exit.status, output: result.outputText, error: result.errorText)
        } catch let error as DemoError {
            throw TestSupportError(.launch, error.message)
        }
    }

    /// Starts the copied `tpc arguments…` (a server), its output in `<temporary>/logs`.
    package func start(_ arguments: [String], name: String) throws -> TPCProcess {
        try TPCProcess(
            arguments, logs: root.appendingPathComponent("logs"), name: name, workingDirectory: home,
            environment: environment, executable: executable(), inheritsEnvironment: false)
    }

    /// What of a running process lies in the build directory: the files it
    /// mapped (libraries) and the files it holds open. Empty when nothing
    /// resolves back there.
    package func buildDirectoryUse(of pid: pid_t) -> [String] {
        let build = buildDirectory.path
        let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
        var found = Set(
            maps.split(separator: "\n").compactMap { line -> String? in
                guard let slash = line.firstIndex(of: "/") else { return nil }
                let path = String(line[slash...])
                return path.hasPrefix(build) ? path : nil
            })
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        for descriptor in descriptors {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)"),
                target.hasPrefix(build)
            {
                found.insert(target)
            }
        }
        return found.sorted()
    }

    /// Removes the copies and everything the runs wrote.
    package func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
