import Foundation
import TPCCommandLine

/// `tpc demo`: replaces this process with the `tpc-demo` executable built next
/// to `tpc`, git-style (same PID, same standard streams, same arguments).
///
/// The demo drives the client SDK, the PassKit emulation and the issuer
/// wallet, which reach the network through URLSession; keeping them in a
/// binary of their own keeps FoundationNetworking (libcurl and its TLS
/// stack) out of the `tpc` that serves.
enum DemoLauncher {
    static let executableName = "tpc-demo"

    /// What `tpc --help` lists; `tpc demo --help` is answered by `tpc-demo`.
    static let spec = CommandSpec(
        name: "demo", abstract: "Run every flow end to end on the sandbox and verify it.",
        discussion: """
            Runs the `tpc-demo` executable built next to `tpc` (`swift build --product tpc-demo`, which \
            `make demo` does). `tpc demo --help` lists its options.
            """)

    /// Execs `tpc-demo` with `arguments` (which start with `demo`); returns
    /// only when that is impossible, after saying why on standard error.
    static func run(_ arguments: [String]) -> ExitCode {
        guard let directory = ownDirectory() else {
            StandardStreams.error("tpc: demo: cannot tell where the tpc executable is")
            return .unavailable
        }
        let path = directory.appendingPathComponent(executableName).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            StandardStreams.error(
                "tpc: demo: \(path) is missing\n"
                    + "build it with `swift build --product \(executableName)` (`make demo` builds both)")
            return .unavailable
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        StandardStreams.error("tpc: demo: cannot run \(path): \(reason)")
        return .unavailable
    }

    private static func ownDirectory() -> URL? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path).deletingLastPathComponent()
        }
        #endif
        return Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    }
}
