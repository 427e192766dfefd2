// The runtime's class descriptor alone: rows of C whose pitch (or first
// element) is off 16 bytes stored by TMA through one 3-D descriptor
// (column, class j = row % 8, group g = row / 8), classes the pitch rounded
// down to 16 bytes apart, groups 8 pitches, class j's columns shifted by
// (o + j (pitch % 16)) / 2 elements; whole 64-column boxes only, as the
// kernels store them. Checks that the driver encodes it, that every stored
// element is right and that nothing else in a NaN-filled buffer is written.
//   nvcc -arch=sm_90a -o tma3d tma3d.cu -lcuda && ./tma3d
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cuda.h>
#include <cuda_fp16.h>
#include <vector>
#define CK(x)                                                                  \
  do {                                                                         \
    CUresult r_ = (x);                                                         \
    if (r_ != CUDA_SUCCESS) {                                                  \
      const char *s;                                                           \
      cuGetErrorString(r_, &s);                                                \
      printf("FAIL %s: %s\n", #x, s);                                          \
      return 1;                                                                \
    }                                                                          \
  } while (0)

constexpr int BOXC = 64, BOXR = 8; // box: 64 columns x 8 rows of one class

__device__ float val(int r, int c) {
  return float((r * 131 + c * 7) % 1000) * 0.25f;
}

// Block (bx = column box, by = group tile of BOXR groups, bz = class j).
__global__ void store3d(const __grid_constant__ CUtensorMap map, int M, int N,
                        int o0, int rr, int swz) {
  __shared__ __align__(1024) __half box[BOXR * BOXC];
  int j = blockIdx.z, g0 = blockIdx.y * BOXR, n0 = blockIdx.x * BOXC;
  for (int t = threadIdx.x; t < BOXR * BOXC; t += blockDim.x) {
    int rb = t / BOXC, c = t % BOXC;
    int row = 8 * (g0 + rb) + j;
    int byte = c * 2;
    int chunk = swz ? ((byte / 16) ^ (rb % 8)) : byte / 16;
    box[(rb * 128 + chunk * 16 + byte % 16) / 2] =
        __float2half(val(row, n0 + c));
  }
  asm volatile("fence.proxy.async.shared::cta;");
  __syncthreads();
  if (threadIdx.x == 0) {
    int shift = (o0 + j * rr) / 2;
    int x = n0 + shift;
    unsigned s = (unsigned)__cvta_generic_to_shared(box);
    asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, "
                 "{%1, %2, %3}], [%4];" ::"l"(&map),
                 "r"(x), "r"(j), "r"(g0), "r"(s)
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;");
    asm volatile("cp.async.bulk.wait_group.read 0;");
  }
  __syncthreads();
}

int run(CUdevice dev, int M, int N, int ldc, int offElems, bool order_jg,
        int swz) {
  size_t elems = size_t(M) * ldc + 256;
  CUdeviceptr buf;
  CK(cuMemAlloc(&buf, elems * 2 + 64));
  std::vector<__half> host(elems, __float2half(NAN));
  CK(cuMemcpyHtoD(buf, host.data(), elems * 2));
  uint64_t cbase = buf + 32 + 2 * offElems; // C's first element
  uint64_t base = cbase & ~uint64_t(15);
  int o0 = int(cbase - base);
  uint64_t pitch = uint64_t(ldc) * 2;
  uint64_t S = pitch & ~uint64_t(15);
  int rr = int(pitch - S);
  int fullBoxes = N / BOXC; // partial box left to threads
  int W = N + (o0 + 7 * rr) / 2; // as the runtime's encodeClassMap
  int G = M / 8;                 // whole groups only
  cuuint64_t dims[3], strides[2];
  cuuint32_t boxd[3], es[3] = {1, 1, 1};
  if (order_jg) {
    dims[0] = W;
    dims[1] = 8;
    dims[2] = G;
    strides[0] = S;
    strides[1] = 8 * pitch;
    boxd[0] = BOXC;
    boxd[1] = 1;
    boxd[2] = BOXR;
  } else {
    dims[0] = W;
    dims[1] = G;
    dims[2] = 8;
    strides[0] = 8 * pitch;
    strides[1] = S;
    boxd[0] = BOXC;
    boxd[1] = BOXR;
    boxd[2] = 1;
  }
  CUtensorMap map;
  CUresult r = cuTensorMapEncodeTiled(
      &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 3, (void *)base, dims, strides,
      boxd, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
      swz ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_NONE,
      CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    const char *s;
    cuGetErrorString(r, &s);
    // (the order the runtime encodes must be accepted; the other's is a note)
    printf("M=%d N=%d ldc=%d off=%d order=%s swz=%d: encode refused: %s%s\n", M,
           N, ldc, offElems, order_jg ? "x,j,g" : "x,g,j", swz, s,
           order_jg ? " -> FAIL" : "");
    cuMemFree(buf);
    return order_jg ? 1 : 0;
  }
  if (!order_jg) {
    printf("order x,g,j accepted; not launched (kernel uses x,j,g)\n");
    cuMemFree(buf);
    return 0;
  }
  dim3 grid(fullBoxes, (G + BOXR - 1) / BOXR, 8);
  store3d<<<grid, 128>>>(map, M, N, o0, rr, swz);
  CK(cuCtxSynchronize());
  CK(cuMemcpyDtoH(host.data(), buf, elems * 2));
  // Expected: rows < 8G, columns < fullBoxes*64 written; everything else NaN.
  long bad = 0, written = 0;
  for (long i = 0; i < long(elems); ++i) {
    long rel = i - (16 + offElems);
    bool inC = rel >= 0 && rel < long(M) * ldc && rel % ldc < N;
    long row = inC ? rel / ldc : -1, col = inC ? rel % ldc : -1;
    bool expect = inC && row < 8 * G && col < fullBoxes * BOXC;
    float v = __half2float(host[i]);
    if (expect) {
      float want = float((row * 131 + col * 7) % 1000) * 0.25f;
      if (v != want) {
        if (bad < 5)
          printf("  bad (%ld,%ld): %f want %f\n", row, col, v, want);
        ++bad;
      }
      ++written;
    } else if (!std::isnan(v)) {
      if (bad < 5)
        printf("  stray write at element %ld (rel %ld): %f\n", i, rel, v);
      ++bad;
    }
  }
  printf("M=%d N=%d ldc=%d off=%d swz=%d o0=%d r=%d W=%d: %ld written, %ld bad "
         "-> %s\n",
         M, N, ldc, offElems, swz, o0, rr, W, written, bad,
         bad ? "FAIL" : "ok");
  cuMemFree(buf);
  return bad != 0;
}

int main() {
  CK(cuInit(0));
  CUdevice dev;
  CK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CK(cuCtxSetCurrent(ctx));
  int fails = 0;
  for (int order = 0; order < 2; ++order)
    fails += run(dev, 64, 50257, 50257, 0, order, 1);
  int Ns[] = {50257, 30522, 51865, 1000, 777, 130};
  for (int N : Ns)
    for (int off = 0; off < 8; off += 3)
      for (int swz = 0; swz < 2; ++swz) {
        fails += run(dev, 77, N, N, off, true, swz);
        fails += run(dev, 64, N, N + 5, off, true, swz);
      }
  printf("%d failed\n", fails);
  return fails != 0;
}
