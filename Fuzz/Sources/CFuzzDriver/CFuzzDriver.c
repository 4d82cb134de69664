// The fuzz executables' entry. libFuzzer's own `main` cannot be used: it comes
// with `swift build --sanitize=fuzzer`, which SwiftPM applies to the build tool
// of ProvisioningAPI's wire types as well, whose `main` then collides with it.
// So each executable keeps a `main` of its own and enters libFuzzer here, through
// the driver entry libFuzzer exports for that (LLVMFuzzerRunDriver).
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "CFuzzDriver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

void pp_fuzz_run(int argc, char **argv) {
    exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput));
}
