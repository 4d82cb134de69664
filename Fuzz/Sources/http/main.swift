import CFuzzDriver
import Glibc
import ProvisioningFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let outcome = FuzzTarget.http.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if outcome == .hung {
        // A hung server is a finding: aborting makes libFuzzer save the input as a crash.
        _ = "fuzz-http: the server kept the connection past its own timeouts\n".withCString { write(2, $0, strlen($0)) }
        abort()
    }
    return 0
}

pp_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv)
