#ifndef C_FUZZ_DRIVER_H
#define C_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (compiler-rt's FuzzerDriver.cpp), linked in by -sanitize=fuzzer: parses libFuzzer's flags
// from argv and fuzzes `callback`. Declared here because libFuzzer ships no header for it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
