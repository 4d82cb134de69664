import Foundation

/// The executables beside the running one: `tpc` and `tpc-demo` are installed
/// together (`make install`, `make dist`) and built together (`swift build`),
/// so each finds the other — and `tpc-bench` and the test runner find `tpc` —
/// in the directory of the running executable.
///
/// ```swift
/// guard let tpc = SiblingExecutable.named("tpc") else { return }  // the `tpc` beside this program
/// ```
package enum SiblingExecutable {
    /// The directory of the running executable, symbolic links resolved
    /// (`/proc/self/exe` on Linux); `nil` when it cannot be told.
    package static var directory: URL? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path).deletingLastPathComponent()
        }
        #endif
        return Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The executable file `name` beside the running executable, or `nil`.
    package static func named(_ name: String) -> URL? {
        first(among: [directory?.appendingPathComponent(name)].compactMap { $0 })
    }

    /// The first of `candidates` that is an executable file (not a directory), or `nil`.
    package static func first(among candidates: [URL]) -> URL? {
        candidates.first { candidate in
            var isDirectory: ObjCBool = false
            return FileManager.default.isExecutableFile(atPath: candidate.path)
                && FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }
}
