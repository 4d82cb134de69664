/// The `tpc-demo` executable beside `tpc`, which runs the commands whose
/// declarations live in this module (``DemoCommand``,
/// ``SandboxDeviceCommands``'s), and what its help shares with `tpc`'s.
///
/// `tpc-demo` links the client SDK, the PassKit emulation and
/// FoundationNetworking, which `tpc` must not; `tpc` execs it for these
/// commands (same arguments, same process). Their declarations live here, in
/// the parser both executables link, so that `tpc` answers `--help` and usage
/// errors for them itself, with or without `tpc-demo` installed; only
/// `tpc-demo` makes them ``Command``s.
package enum DemoExecutable {
    /// The executable's file name, looked for next to `tpc`.
    package static let name = "tpc-demo"
    /// The root command's name: `tpc-demo`'s help and errors read as `tpc`'s.
    package static let toolName = "tpc"
    /// The root command's abstract, in both executables.
    package static let toolAbstract = "PushProvisioning: Apple Pay in-app provisioning service and sandbox."
    /// The abstract of `tpc sandbox`, in both executables.
    package static let sandboxAbstract = "Sandbox test tooling."
}
