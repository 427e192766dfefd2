//===- plan.cpp - A problem planned on a kernel, and its arguments --------===//
//
// Planning fixes everything that depends on the shape alone (the checks,
// staging, scalar arguments, grid); packing adds what depends on the
// buffers (pointers, TMA descriptors) and keeps it while the buffers stay
// the same. A caller that keeps one plan per shape thus pays for neither
// again: a launch on the same buffers only launches.
//
//===----------------------------------------------------------------------===//

#include "handles.h"

#include <cstdio>
#include <cstring>
#include <iterator>

namespace tilert {

bool makePlan(const tile_rt_bundle &kernel, const tile_rt_problem &p,
              const tile_rt_device *device, tile_rt_plan &plan, Error &error) {
  const Manifest &m = kernel.manifest;
  std::string why;
  if (!checkProblem(m, p, why) || !planGrid(m, p, device, plan.grid, why))
    return fail(error, TILE_RT_UNSUPPORTED, why);
  plan.kernel = &kernel;
  plan.problem = p;
  plan.staging = planStaging(m, p);
  plan.workspaceBytes = workspaceBytes(m, p);
  plan.slots.assign(m.paramCount, 0);
  plan.args.resize(m.paramCount);
  for (size_t i = 0; i < m.paramCount; ++i) {
    auto role = ParamRole(i);
    bool isMap = role >= ParamRole::TmaA && role <= ParamRole::TmaATail;
    // A tensor map is passed as its 128 bytes; everything else as 8.
    plan.args[i] =
        isMap ? static_cast<void *>(&plan.maps[i - size_t(ParamRole::TmaA)])
              : static_cast<void *>(&plan.slots[i]);
    int64_t v = scalarValue(role, p, plan.staging);
    std::memcpy(&plan.slots[i], &v, sizeof(v));
  }
  return true;
}

tile_rt_tma tmaView(const tile_rt_plan &plan, int map) {
  const Manifest &m = plan.kernel->manifest;
  // Each descriptor's operand (0 A, 1 B, 2 C) and box, in the ABI's order:
  // tma_a, tma_b, tma_c, tma_a_tail.
  constexpr int kOperand[] = {0, 1, 2, 0};
  const int64_t *boxes[] = {m.tmaBoxA, m.tmaBoxB, m.tmaBoxC, m.tmaBoxATail};
  static_assert(std::size(kOperand) == kTmaParams &&
                std::size(boxes) == kTmaParams);
  tile_rt_tma t{};
  t.operand = kOperand[map];
  const int64_t *box = boxes[map];
  // Each operand as the kernel sees it, its contiguous dimension innermost
  // (C: where the kernel's TMA stores land).
  Stored o = kernelOperand(plan.problem, plan.staging, int(t.operand));
  t.type = t.operand == 2 ? m.cType : m.aType;
  t.rows = o.rows;
  t.cols = o.cols;
  t.pitch = o.ld;
  t.row_bytes = t.pitch * int64_t(tile_rt_dtype_bytes(t.type));
  t.box[0] = box[0];
  t.box[1] = box[1];
  // A's and B's rows are 128 bytes; C's may be 64 or 32 (a block_n whose
  // rows are not whole 128 bytes), each swizzled by its row.
  t.swizzle_bytes =
      t.operand == 2 ? box[0] * int64_t(tile_rt_dtype_bytes(t.type)) : 128;
  // Loaded rows that start inside a sector (a pitch 16 bytes past one)
  // load faster with at most 128 bytes of promotion than with 256.
  t.l2_promotion = t.operand != 2 && t.row_bytes % kSectorBytes != 0
                       ? std::min<int64_t>(m.l2Promotion, 128)
                       : m.l2Promotion;
  return t;
}

namespace {

// The TMA descriptor of `view` at `base`: dimensions innermost first, the
// view's swizzle (128 bytes for A and B, as the wgmma descriptors expect;
// C's box row for C, as the kernel stages it), its L2 promotion, zero fill
// outside the operand (TMA's OOB fill "none" writes zeros; stores there are
// dropped).
bool encodeTensorMap(CUtensorMap &out, const Manifest &m,
                     const tile_rt_tma &view, uint64_t base, Error &error) {
  cuuint64_t dims[2] = {cuuint64_t(view.cols), cuuint64_t(view.rows)};
  cuuint64_t strides[1] = {cuuint64_t(view.row_bytes)};
  cuuint32_t boxDims[2] = {cuuint32_t(view.box[0]), cuuint32_t(view.box[1])};
  cuuint32_t elementStrides[2] = {1, 1};
  CUtensorMapDataType dataType =
      view.type == TILE_RT_BF16  ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
      : view.type == TILE_RT_F32 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT32
                                 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  CUtensorMapL2promotion promotion =
      view.l2_promotion == 256   ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B
      : view.l2_promotion == 128 ? CU_TENSOR_MAP_L2_PROMOTION_L2_128B
      : view.l2_promotion == 64  ? CU_TENSOR_MAP_L2_PROMOTION_L2_64B
                                 : CU_TENSOR_MAP_L2_PROMOTION_NONE;
  CUtensorMapSwizzle swizzle =
      view.swizzle_bytes == 128  ? CU_TENSOR_MAP_SWIZZLE_128B
      : view.swizzle_bytes == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                                 : CU_TENSOR_MAP_SWIZZLE_32B;
  CUresult r = cu().cuTensorMapEncodeTiled(
      &out, dataType, 2, reinterpret_cast<void *>(base), dims, strides, boxDims,
      elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, promotion,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r == CUDA_SUCCESS)
    return true;
  return fail(error, TILE_RT_CUDA_ERROR,
              "kernel '" + m.kernel + "': cuTensorMapEncodeTiled (" +
                  std::to_string(view.rows) + "x" + std::to_string(view.cols) +
                  " operand, box " + std::to_string(view.box[1]) + "x" +
                  std::to_string(view.box[0]) + ") failed: " + cuErrorText(r));
}

// The device-to-device copy of a rows x cols matrix of `bytes`-byte
// elements whose rows lie `srcPitch` elements apart into one whose rows lie
// `dstPitch` elements apart.
CUDA_MEMCPY2D rowCopy(uint64_t src, int64_t srcPitch, uint64_t dst,
                      int64_t dstPitch, int64_t rows, int64_t cols,
                      size_t bytes) {
  CUDA_MEMCPY2D copy{};
  copy.srcMemoryType = copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.srcDevice = src;
  copy.srcPitch = size_t(srcPitch) * bytes;
  copy.dstDevice = dst;
  copy.dstPitch = size_t(dstPitch) * bytes;
  copy.WidthInBytes = size_t(cols) * bytes;
  copy.Height = size_t(rows);
  return copy;
}

} // namespace

bool packArgs(tile_rt_plan &plan, const tile_rt_buffers &b, Error &error) {
  if (plan.packed && std::memcmp(&b, &plan.packedFor, sizeof(b)) == 0)
    return true;
  plan.packed = false;
  const Manifest &m = plan.kernel->manifest;
  const tile_rt_problem &p = plan.problem;
  const Staging &s = plan.staging;
  std::string where = m.named();
  if (!b.a || !b.b || !b.c)
    return fail(error, TILE_RT_INVALID_ARGUMENT,
                where + ": the buffers of A, B and C must not be null");
  if (m.usesWorkspace() && !b.workspace)
    return fail(error, TILE_RT_INVALID_ARGUMENT,
                where + " needs a workspace of " +
                    std::to_string(plan.workspaceBytes) + " B");
  // The buffers the kernel reads and writes: each operand, or its copy.
  const uint64_t given[3] = {b.a, b.b, b.c}, copies[3] = {b.a_copy, b.b_copy,
                                                          b.c_copy};
  uint64_t ops[3];
  for (int i = 0; i < 3; ++i) {
    if (s.copied[i] && !copies[i])
      return fail(error, TILE_RT_INVALID_ARGUMENT,
                  where + " runs this shape staged and needs the padded copy "
                          "of " +
                      std::string(1, "ABC"[i]));
    ops[i] = s.copied[i] ? copies[i] : given[i];
  }
  if (m.usesTma()) {
    // The one check of the pointers TMA takes: callers (tile_opt among
    // them) pass this line on as it is, so it names the operand, the
    // pointer and, for the caller's own operand, the usual fix.
    for (int i = 0; i < 3; ++i) {
      if (ops[i] % kTmaRowBytes == 0 || (i == 2 && m.cAnyAlignment))
        continue;
      char address[32];
      std::snprintf(address, sizeof(address), "0x%llx",
                    static_cast<unsigned long long>(ops[i]));
      std::string name(1, "ABC"[i]);
      std::string what = s.copied[i]
                             ? "the data pointer " + std::string(address) +
                                   " of " + name + "'s padded copy"
                             : name + "'s data pointer " + address;
      std::string hint =
          s.copied[i] ? "" : " (a view into another tensor? use .clone())";
      return fail(error, TILE_RT_UNSUPPORTED,
                  where + ": " + what +
                      " is not 16-byte aligned, which TMA needs" + hint);
    }
    std::string why;
    if (!loadDriver(why))
      return fail(error, TILE_RT_NO_DRIVER,
                  where + ": cannot encode its TMA descriptors: " + why);
    for (int i = 0; i < int(kTmaParams); ++i) {
      tile_rt_tma view = tmaView(plan, i);
      // A C that TMA cannot store the kernel's threads store instead.
      if (view.operand == 2 && m.cAnyAlignment && !cStoredByTma(p, ops[2])) {
        plan.maps[i] = CUtensorMap{};
        continue;
      }
      if (!encodeTensorMap(plan.maps[i], m, view, ops[view.operand], error))
        return false;
    }
  }
  for (size_t i = 0; i < m.paramCount; ++i) {
    auto role = ParamRole(i);
    if (role == ParamRole::A || role == ParamRole::B || role == ParamRole::C) {
      // The kernel finds element (0, 0) its static offset past the pointer
      // (modulo 2^64, as the kernel's own address arithmetic wraps).
      size_t bytes =
          tile_rt_dtype_bytes(role == ParamRole::C ? m.cType : m.aType);
      plan.slots[i] = ops[i] - uint64_t(m.offset(role)) * bytes;
    } else if (role == ParamRole::Workspace) {
      plan.slots[i] = b.workspace;
    }
  }
  // A and B into their copies' first columns before the kernel, C's back
  // after it, each copy in the operand's own orientation; the operands'
  // rows lie their leading dimensions apart.
  for (int i = 0; i < 3; ++i) {
    if (!s.copied[i])
      continue;
    Stored from = storedOperand(p, i), to = kernelOperand(p, s, i);
    size_t bytes = tile_rt_dtype_bytes(i == 2 ? m.cType : m.aType);
    if (i < 2)
      plan.copyIn[i] = rowCopy(given[i], from.ld, copies[i], to.ld, from.rows,
                               from.cols, bytes);
    else
      plan.copyOut = rowCopy(copies[i], to.ld, given[i], from.ld, from.rows,
                             from.cols, bytes);
  }
  plan.packed = true;
  plan.packedFor = b;
  return true;
}

} // namespace tilert
