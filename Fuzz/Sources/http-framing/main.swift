import CFuzzDriver
import Glibc
import ProvisioningFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let outcome = FuzzTarget.httpFraming.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if outcome == .inconsistent {
        // Two readings of one input: aborting makes libFuzzer save it as a crash.
        _ = "fuzz-http-framing: whole and split readings disagree\n".withCString { write(2, $0, strlen($0)) }
        abort()
    }
    return 0
}

pp_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv)
