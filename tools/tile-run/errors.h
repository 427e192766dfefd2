//===- errors.h - The one exit path of tile-run -----------------*- C++ -*-===//
//
// Every error ends the run through fail(): "tile-run: <message>" on stderr
// and an exit status that says which kind of error it was. die() is its
// printf-style front for runtime and bundle errors; CU_CHECK, checkBlas and
// checkRuntime turn a failed CUDA driver, cuBLAS or tile runtime call into
// one.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_ERRORS_H
#define TILE_RUN_ERRORS_H

#include "tile_runtime.h"
#include "tile_runtime_driver.h"

#include <cublas_v2.h>

#include <cstdarg>

namespace tilerun {

// The driver table is the runtime's (tile_runtime_driver.h).
using tilert::cu;
using tilert::cuErrorText;
using tilert::loadDriver;

enum ExitCode {
  kExitOk = 0,
  kExitError = 1,      // runtime failure, or data that does not fit together
  kExitUsage = 2,      // bad command line
  kExitCheckFailed = 3 // a kernel computed a wrong result
};

// Prints "tile-run: <message>" (and `hint` on a line of its own when not
// null) on stderr and exits with `code`; the one exit path for every error.
[[noreturn]] void fail(int code, const char *hint, const char *fmt,
                       va_list args);

// fail() without a hint, printf-style.
[[noreturn]] __attribute__((format(printf, 2, 3))) void
die(int code, const char *fmt, ...);

// Ends the run with "<call> failed: <error>" unless `result` is success.
void checkCu(CUresult result, const char *call);

// `fn` is spelled plainly in the message; cu().fn resolves to the versioned
// entry point that cuda.h maps it to.
#define CU_CHECK(fn, ...)                                                      \
  ::tilerun::checkCu(::tilerun::cu().fn(__VA_ARGS__), #fn)

// The same for a cuBLAS call, with cuBLAS's name and text of the status.
void checkBlas(cublasStatus_t status, const char *call);

// Ends the run with the runtime's message unless `code` is TILE_RT_OK.
void checkRuntime(tile_rt_code code, const tile_rt_status &status);

} // namespace tilerun

#endif // TILE_RUN_ERRORS_H
