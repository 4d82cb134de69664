#ifndef PP_FUZZ_DRIVER_H
#define PP_FUZZ_DRIVER_H

/// Runs libFuzzer over the executable's `LLVMFuzzerTestOneInput` with its
/// command line, and exits with libFuzzer's status.
_Noreturn void pp_fuzz_run(int argc, char **argv);

#endif
