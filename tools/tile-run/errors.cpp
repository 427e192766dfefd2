//===- errors.cpp - The one exit path of tile-run -------------------------===//

#include "errors.h"

#include <cstdio>
#include <cstdlib>

namespace tilerun {

void fail(int code, const char *hint, const char *fmt, va_list args) {
  std::fflush(stdout);
  std::fputs("tile-run: ", stderr);
  std::vfprintf(stderr, fmt, args);
  std::fputc('\n', stderr);
  if (hint)
    std::fprintf(stderr, "%s\n", hint);
  std::exit(code);
}

void die(int code, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fail(code, nullptr, fmt, args);
}

void checkCu(CUresult result, const char *call) {
  if (result != CUDA_SUCCESS)
    die(kExitError, "%s failed: %s", call, cuErrorText(result).c_str());
}

void checkRuntime(tile_rt_code code, const tile_rt_status &status) {
  if (code != TILE_RT_OK)
    die(kExitError, "%s", status.message);
}

void checkBlas(cublasStatus_t status, const char *call) {
  if (status != CUBLAS_STATUS_SUCCESS)
    die(kExitError, "%s failed: %s (%s)", call, cublasGetStatusName(status),
        cublasGetStatusString(status));
}

} // namespace tilerun
