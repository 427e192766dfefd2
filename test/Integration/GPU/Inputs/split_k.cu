// Plain split-K kernels with the ABI of tile-opt's split-K kernels
// (KernelParams.def: the TMA descriptors, unused here, then the workspace),
// for testing how the runners launch them: 16x16 tiles of 256 threads, one
// thread per element of C, SplitK blocks per tile (block b: tile b % tiles,
// split b / tiles), each summing its share of K. Each tile's workspace
// (workspace_tile_bytes = SplitK * 1024 + 16), laid out like tile-opt's,
// holds one partial sum per split and thread, then a counter of the splits
// done; the last split to arrive adds the partial sums in split order,
// stores the tile and resets the counter, leaving the partial sums behind.
// A grid without every split leaves C unwritten. The tests compile it with
// nvcc -arch=sm_80 -ptx.
#include <cuda_fp16.h>

struct alignas(64) TensorMap {
  unsigned char bytes[128];
};

template <int SplitK, typename Out>
__device__ void splitK(const __half *A, const __half *B, Out *C, long M, long N,
                       long K, long sam, long sak, long sbk, long sbn, long scm,
                       long scn, unsigned char *workspace) {
  long tilesN = (N + 15) / 16, tiles = (M + 15) / 16 * tilesN;
  long tile = blockIdx.x % tiles, split = blockIdx.x / tiles;
  long i = tile / tilesN * 16 + threadIdx.x / 16;
  long j = tile % tilesN * 16 + threadIdx.x % 16;
  long chunk = (K + SplitK - 1) / SplitK;
  float acc = 0;
  for (long k = split * chunk;
       i < M && j < N && k < min(K, (split + 1) * chunk); ++k)
    acc = fmaf(__half2float(A[i * sam + k * sak]),
               __half2float(B[k * sbk + j * sbn]), acc);

  unsigned char *mine = workspace + tile * (SplitK * 1024 + 16);
  float *partial = reinterpret_cast<float *>(mine) + threadIdx.x;
  unsigned *arrived = reinterpret_cast<unsigned *>(mine + SplitK * 1024);
  partial[split * 256] = acc;
  __threadfence();
  __syncthreads();
  __shared__ bool last;
  if (threadIdx.x == 0)
    last = atomicAdd(arrived, 1u) == SplitK - 1;
  __syncthreads();
  if (!last)
    return;
  __threadfence();
  float total = 0;
  for (int s = 0; s < SplitK; ++s)
    total += __ldcg(partial + s * 256); // from L2: other blocks wrote them
  if (i < M && j < N)
    C[i * scm + j * scn] = Out(total);
  if (threadIdx.x == 0)
    *arrived = 0;
}

#define KERNEL(name, splits, Out)                                              \
  extern "C" __global__ void name(const __half *A, const __half *B, Out *C,    \
                                  long M, long N, long K, long sam, long sak,  \
                                  long sbk, long sbn, long scm, long scn,      \
                                  TensorMap tmaA, TensorMap tmaB,              \
                                  TensorMap tmaC, TensorMap tmaATail,          \
                                  unsigned char *workspace) {                 \
    splitK<splits, Out>(A, B, C, M, N, K, sam, sak, sbk, sbn, scm, scn,        \
                        workspace);                                            \
  }

KERNEL(split4_f16, 4, __half)
KERNEL(split7_f16, 7, __half)
