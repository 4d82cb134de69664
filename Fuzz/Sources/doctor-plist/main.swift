import CFuzzDriver
import ProvisioningFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTarget.doctorPlist.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

pp_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv)
