import Foundation
import TPCCommandLine

/// `tpc demo` and `tpc sandbox device …`: replace this process with the
/// `tpc-demo` executable next to `tpc`, git-style (same PID, same standard
/// streams, same arguments), once `tpc` has parsed the arguments against the
/// declarations `tpc-demo` runs (``DemoCommand``, ``SandboxDeviceCommands``).
///
/// They drive the client SDK, the PassKit emulation and the issuer wallet,
/// which reach the network through URLSession; keeping them in a binary of
/// their own keeps FoundationNetworking (libcurl and its TLS stack) out of the
/// `tpc` that serves.
enum DemoLauncher {
    static let executableName = DemoExecutable.name

    /// Execs `tpc-demo` with `arguments` (`demo …` or `sandbox device …`);
    /// returns only when that is impossible, after saying why on standard error.
    static func run(_ arguments: [String]) -> ExitCode {
        let command = arguments.first ?? DemoCommand.configuration.name
        guard let directory = SiblingExecutable.directory else {
            StandardStreams.error("tpc: \(command): cannot tell where the tpc executable is")
            return .unavailable
        }
        let path = directory.appendingPathComponent(executableName).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            StandardStreams.error(
                "tpc: \(command): \(path) is missing\n"
                    + "install it beside tpc (`make install` installs both; `swift build --product "
                    + "\(executableName)` builds it)")
            return .unavailable
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        StandardStreams.error("tpc: \(command): cannot run \(path): \(reason)")
        return .unavailable
    }
}
