//===- blas.h - cuBLAS, the reference and the baseline ----------*- C++ -*-===//
//
// cuBLAS computes the reference (cublasGemmEx, f32 output) and is the
// baseline every kernel is timed against. The baseline is called the way
// PyTorch's matmul path through cublasLt does it: a heuristic query for the
// best algorithm given a workspace, made once per problem, then
// cublasLtMatmul; cublasGemmEx can be timed too (--blas gemmex|both) to show
// what the choice changes.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_BLAS_H
#define TILE_RUN_BLAS_H

#include "problem.h"

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda.h>

#include <string>

namespace tilerun {

// Reports a failed call and ends the run (tile-run's checkBlas).
using BlasCheck = void (*)(cublasStatus_t, const char *call);

// C (row-major, `out` type) = A * B through cublasGemmEx, compute 32F.
cublasStatus_t gemmEx(cublasHandle_t handle, const Problem &p, CUdeviceptr a,
                      CUdeviceptr b, CUdeviceptr c, tile_rt_dtype out);

// One cublasLt plan for one problem: descriptors and the heuristic's
// algorithm, chosen for `workspaceBytes` of workspace.
class LtGemm {
public:
  LtGemm(const Problem &p, CUstream stream, CUdeviceptr workspace,
         size_t workspaceBytes, BlasCheck check);
  ~LtGemm();
  LtGemm(const LtGemm &) = delete;
  LtGemm &operator=(const LtGemm &) = delete;
  void run(CUdeviceptr a, CUdeviceptr b, CUdeviceptr c) const;

private:
  BlasCheck check_;
  CUstream stream_;
  CUdeviceptr workspace_;
  size_t workspaceBytes_;
  cublasLtHandle_t handle_ = nullptr;
  cublasLtMatmulDesc_t desc_ = nullptr;
  cublasLtMatrixLayout_t aLayout_ = nullptr, bLayout_ = nullptr,
                         cLayout_ = nullptr;
  cublasLtMatmulHeuristicResult_t heuristic_{};
};

} // namespace tilerun

#endif // TILE_RUN_BLAS_H
