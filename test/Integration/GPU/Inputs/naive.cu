// Plain reference kernels with tile-opt's kernel ABI (KernelParams.def), for
// testing tile-run's check: one thread per element of C, f32 accumulation
// in K order, 16x16 tiles of 256 threads (block_m = block_n = 16). The test
// compiles it with nvcc -arch=sm_80 -ptx.
#include <cuda_fp16.h>

template <typename Out, int WrongRow, int WrongCol>
__device__ void matmul(const __half *A, const __half *B, Out *C, long M,
                       long N, long K, long sam, long sak, long sbk, long sbn,
                       long scm, long scn) {
  long tilesN = (N + 15) / 16;
  long i = blockIdx.x / tilesN * 16 + threadIdx.x / 16;
  long j = blockIdx.x % tilesN * 16 + threadIdx.x % 16;
  if (i >= M || j >= N)
    return;
  float acc = 0;
  for (long k = 0; k < K; ++k)
    acc = fmaf(__half2float(A[i * sam + k * sak]),
               __half2float(B[k * sbk + j * sbn]), acc);
  // One wrong element: off by 1, far below what the Frobenius norm notices.
  if (i == WrongRow && j == WrongCol)
    acc += 1.0f;
  C[i * scm + j * scn] = Out(acc);
}

#define KERNEL(name, Out, row, col)                                            \
  extern "C" __global__ void name(const __half *A, const __half *B, Out *C,    \
                                  long M, long N, long K, long sam, long sak,  \
                                  long sbk, long sbn, long scm, long scn) {    \
    matmul<Out, row, col>(A, B, C, M, N, K, sam, sak, sbk, sbn, scm, scn);     \
  }

KERNEL(naive_f32, float, -1, -1)
KERNEL(naive_f16, __half, -1, -1)
KERNEL(naive_f32_wrong_5_7, float, 5, 7)
