//===- blas.cpp - cuBLAS, the reference and the baseline ------------------===//

#include "blas.h"

#include <climits>

namespace tilerun {

namespace {

cudaDataType blasType(tile_rt_dtype t) {
  switch (t) {
  case TILE_RT_F16:
    return CUDA_R_16F;
  case TILE_RT_BF16:
    return CUDA_R_16BF;
  case TILE_RT_F32:
    return CUDA_R_32F;
  }
  return CUDA_R_32F;
}

// cuBLAS is column-major; a row-major M x N C is a column-major N x M C^T,
// so both calls compute C^T = B^T A^T. A row-major buffer read column-major
// is the transpose of what it holds, which picks each operation:
//   B 'n' is K x N row-major = B^T column-major (ld N): use as is;
//   B 't' is N x K row-major = B column-major (ld K): transpose;
//   A 'n' is M x K row-major = A^T column-major (ld K): use as is;
//   A 't' is K x M row-major = A column-major (ld M): transpose.
struct ColumnMajor {
  cublasOperation_t opA, opB;
  int64_t lda, ldb;
  explicit ColumnMajor(const Problem &p)
      : opA(p.aTransposed() ? CUBLAS_OP_T : CUBLAS_OP_N),
        opB(p.bTransposed() ? CUBLAS_OP_T : CUBLAS_OP_N),
        lda(p.aTransposed() ? p.m : p.k), ldb(p.bTransposed() ? p.k : p.n) {}
};

} // namespace

// cublasGemmEx takes the sizes as int.
static_assert(TILE_RT_MAX_SIZE <= INT_MAX, "a size must fit cuBLAS's int");

cublasStatus_t gemmEx(cublasHandle_t handle, const Problem &p, CUdeviceptr a,
                      CUdeviceptr b, CUdeviceptr c, tile_rt_dtype out) {
  const float alpha = 1.0f, beta = 0.0f;
  ColumnMajor cm(p);
  return cublasGemmEx(
      handle, cm.opB, cm.opA, static_cast<int>(p.n), static_cast<int>(p.m),
      static_cast<int>(p.k), &alpha, reinterpret_cast<void *>(b),
      blasType(p.a_type), static_cast<int>(cm.ldb), reinterpret_cast<void *>(a),
      blasType(p.a_type), static_cast<int>(cm.lda), &beta,
      reinterpret_cast<void *>(c), blasType(out), static_cast<int>(p.n),
      CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

LtGemm::LtGemm(const Problem &p, CUstream stream, CUdeviceptr workspace,
               size_t workspaceBytes, BlasCheck check)
    : check_(check), stream_(stream), workspace_(workspace),
      workspaceBytes_(workspaceBytes) {
  ColumnMajor cm(p);
  check_(cublasLtCreate(&handle_), "cublasLtCreate");
  check_(cublasLtMatmulDescCreate(&desc_, CUBLAS_COMPUTE_32F, CUDA_R_32F),
         "cublasLtMatmulDescCreate");
  // Lt's "A" is the first factor of C^T = B^T A^T, i.e. the buffer of B.
  check_(cublasLtMatmulDescSetAttribute(desc_, CUBLASLT_MATMUL_DESC_TRANSA,
                                        &cm.opB, sizeof(cm.opB)),
         "cublasLtMatmulDescSetAttribute(TRANSA)");
  check_(cublasLtMatmulDescSetAttribute(desc_, CUBLASLT_MATMUL_DESC_TRANSB,
                                        &cm.opA, sizeof(cm.opA)),
         "cublasLtMatmulDescSetAttribute(TRANSB)");
  // Layouts describe the buffers as stored (rows x columns, column-major).
  bool bT = cm.opB == CUBLAS_OP_T, aT = cm.opA == CUBLAS_OP_T;
  check_(cublasLtMatrixLayoutCreate(&bLayout_, blasType(p.a_type),
                                    bT ? p.k : p.n, bT ? p.n : p.k, cm.ldb),
         "cublasLtMatrixLayoutCreate(B)");
  check_(cublasLtMatrixLayoutCreate(&aLayout_, blasType(p.a_type),
                                    aT ? p.m : p.k, aT ? p.k : p.m, cm.lda),
         "cublasLtMatrixLayoutCreate(A)");
  check_(
      cublasLtMatrixLayoutCreate(&cLayout_, blasType(p.c_type), p.n, p.m, p.n),
      "cublasLtMatrixLayoutCreate(C)");
  cublasLtMatmulPreference_t pref = nullptr;
  check_(cublasLtMatmulPreferenceCreate(&pref),
         "cublasLtMatmulPreferenceCreate");
  uint64_t bytes = workspaceBytes_;
  check_(cublasLtMatmulPreferenceSetAttribute(
             pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &bytes,
             sizeof(bytes)),
         "cublasLtMatmulPreferenceSetAttribute");
  int found = 0;
  check_(cublasLtMatmulAlgoGetHeuristic(handle_, desc_, bLayout_, aLayout_,
                                        cLayout_, cLayout_, pref, 1,
                                        &heuristic_, &found),
         "cublasLtMatmulAlgoGetHeuristic");
  cublasLtMatmulPreferenceDestroy(pref);
  if (found < 1)
    check_(CUBLAS_STATUS_NOT_SUPPORTED,
           "cublasLtMatmulAlgoGetHeuristic (no algorithm)");
}

LtGemm::~LtGemm() {
  cublasLtMatrixLayoutDestroy(cLayout_);
  cublasLtMatrixLayoutDestroy(aLayout_);
  cublasLtMatrixLayoutDestroy(bLayout_);
  cublasLtMatmulDescDestroy(desc_);
  cublasLtDestroy(handle_);
}

void LtGemm::run(CUdeviceptr a, CUdeviceptr b, CUdeviceptr c) const {
  const float alpha = 1.0f, beta = 0.0f;
  check_(cublasLtMatmul(handle_, desc_, &alpha, reinterpret_cast<void *>(b),
                        bLayout_, reinterpret_cast<void *>(a), aLayout_, &beta,
                        reinterpret_cast<void *>(c), cLayout_,
                        reinterpret_cast<void *>(c), cLayout_, &heuristic_.algo,
                        reinterpret_cast<void *>(workspace_), workspaceBytes_,
                        reinterpret_cast<cudaStream_t>(stream_)),
         "cublasLtMatmul");
}

} // namespace tilerun
