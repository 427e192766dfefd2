//===- fake-cuda-encode.cpp - The fake libcuda's calls that succeed -------===//
//
// cuTensorMapEncodeTiled writes its arguments into the map as 64-bit
// words, so that tile-runtime-test --encode reads back what the runtime
// asked TMA for: rank, address, dimensions (3), strides (2), box (3).
//
//===----------------------------------------------------------------------===//

#include "tile_runtime_driver.h"

#include <cstring>

extern "C" {

CUresult CUDAAPI cuGetErrorName(CUresult, const char **name) {
  *name = "CUDA_ERROR_NOT_INITIALIZED";
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuGetErrorString(CUresult, const char **text) {
  *text = "the test's fake driver";
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap *map, CUtensorMapDataType, cuuint32_t rank, void *address,
    const cuuint64_t *dims, const cuuint64_t *strides, const cuuint32_t *box,
    const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
    CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  uint64_t words[16] = {rank, reinterpret_cast<uint64_t>(address)};
  for (cuuint32_t i = 0; i < rank && i < 3; ++i) {
    words[2 + i] = dims[i];
    words[7 + i] = box[i];
    if (i + 1 < rank)
      words[5 + i] = strides[i];
  }
  std::memcpy(map, words, sizeof(words));
  return CUDA_SUCCESS;
}

} // extern "C"
