//===- KernelConfig.cpp - Block configuration of a tile kernel ------------===//

#include "tile/Dialect/Tile/IR/KernelConfig.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"
#include <cstdlib>

using namespace mlir;
using namespace mlir::tile;

std::optional<std::pair<int64_t, int64_t>> KernelConfig::warpGrid() const {
  std::optional<std::pair<int64_t, int64_t>> best;
  int64_t bestSkew = 0;
  // Ties go to the taller warp tile: its A fragments serve more MMAs.
  for (int64_t wm = 1; wm <= numWarps; ++wm) {
    if (numWarps % wm)
      continue;
    int64_t wn = numWarps / wm;
    if (blockM % (wm * 16) || blockN % (wn * 16))
      continue;
    int64_t skew = std::abs(blockM / wm - blockN / wn);
    if (!best || skew <= bestSkew) {
      best = {wm, wn};
      bestSkew = skew;
    }
  }
  return best;
}

int64_t KernelConfig::registerLimit(int64_t blocksPerSM) const {
  // ptxas allocates registers per warp in units of 8 per thread.
  int64_t perThread = 65536 / (threads() * std::max<int64_t>(1, blocksPerSM));
  return std::min<int64_t>(255, perThread / 8 * 8);
}

int64_t KernelConfig::registerEstimate() const {
  int64_t acc = blockM * blockN / threads();
  if (isWgmma())
    return acc;
  auto [warpsM, warpsN] = *warpGrid();
  int64_t fragments = 4 * (blockM / warpsM / 16) + 2 * (blockN / warpsN / 8);
  int64_t copies = llvm::divideCeil((blockM + blockN) * blockK / 8, threads());
  return acc + fragments + 4 * copies * numStages;
}

/// wgmma: one TMA box row is one 128-byte swizzle row (64 f16/bf16 of K), a
/// warpgroup's instruction is 64 x N with N <= 256, and TMA boxes are at
/// most 256 rows.
static std::string validateWgmma(const KernelConfig &c) {
  auto str = [](int64_t v) { return std::to_string(v); };
  if (c.blockK != 64)
    return "mma=wgmma needs block-k = 64 (one 128-byte swizzled row of "
           "f16/bf16), got " +
           str(c.blockK);
  if (c.numWarps != 4 && c.numWarps != 8)
    return "mma=wgmma needs num-warps 4 or 8 (one or two warpgroups), got " +
           str(c.numWarps);
  if (c.blockM < 64 || c.blockM % 64 || c.blockM > 256 || c.blockN < 64 ||
      c.blockN % 64 || c.blockN > 256)
    return "mma=wgmma needs block-m and block-n in {64, 128, 192, 256}, got " +
           str(c.blockM) + "x" + str(c.blockN);
  // nvgpu.warpgroup.mma.store numbers rows by the block's warp (tid / 32),
  // which is right for two warpgroups only if each owns 64 rows.
  if (c.numWarps == 8 && c.blockM != 128)
    return "mma=wgmma with 8 warps needs block-m = 128 (two warpgroups of "
           "64 rows), got " +
           str(c.blockM);
  return "";
}

std::string KernelConfig::checkStages(int64_t numStages) {
  if (numStages < 1 || numStages > 8)
    return "num-stages must be between 1 and 8, got " +
           std::to_string(numStages);
  return "";
}

std::string KernelConfig::validate(int64_t blocksPerSM) const {
  auto str = [](int64_t v) { return std::to_string(v); };
  if (mma != "sync" && mma != "wgmma")
    return "mma must be 'sync' or 'wgmma', got '" + mma + "'";
  if (isWgmma())
    if (std::string err = validateWgmma(*this); !err.empty())
      return err;
  if (blockM < 16 || blockM % 16)
    return "block-m must be a positive multiple of 16 (the MMA M), got " +
           str(blockM);
  if (blockN < 16 || blockN % 16)
    return "block-n must be a positive multiple of 16 (two MMA N), got " +
           str(blockN);
  if (blockK < 16 || blockK % 16)
    return "block-k must be a positive multiple of 16 (the MMA K), got " +
           str(blockK);
  if (numWarps < 1 || numWarps > 16 || !llvm::isPowerOf2_64(numWarps))
    return "num-warps must be 1, 2, 4, 8 or 16, got " + str(numWarps);
  if (blockM > 256 || blockN > 256 || blockK > 128)
    return "block sizes above 256x256x128 are not supported";
  // The sizes scripts/option-sweep.py checks for spills.
  if (!isWgmma() && (!llvm::isPowerOf2_64(blockM) ||
                     !llvm::isPowerOf2_64(blockN) ||
                     !llvm::isPowerOf2_64(blockK)))
    return "mma=sync needs block sizes that are powers of two, got " +
           str(blockM) + "x" + str(blockN) + "x" + str(blockK);
  if (!isWgmma() && !warpGrid())
    return str(numWarps) + " warps cannot split a " + str(blockM) + "x" +
           str(blockN) + " tile into 16x16 pieces";
  if (order != "linear" && order != "grouped")
    return "order must be 'linear' or 'grouped', got '" + order + "'";
  // group-m x (tiles along N) must not wrap in 32-bit index arithmetic:
  // N < 2^31 makes it at most 2^31 for group-m <= 16.
  if (groupM < 1 || groupM > 16)
    return "group-m must be between 1 and 16, got " + str(groupM);
  if (std::string err = checkStages(numStages); !err.empty())
    return err;
  int64_t regs = registerEstimate() + kRegisterOverhead;
  if (regs > registerLimit(blocksPerSM))
    return "a " + str(blockM) + "x" + str(blockN) + "x" + str(blockK) +
           " block over " + str(numWarps) + " warps with num-stages=" +
           str(numStages) + " needs about " + str(regs) +
           " registers per thread, more than the " +
           str(registerLimit(blocksPerSM)) + " it may use" +
           (blocksPerSM > 1 ? " with min-blocks-per-sm=" + str(blocksPerSM)
                            : "") +
           "; use more warps, fewer stages or a smaller block";
  return "";
}

DictionaryAttr KernelConfig::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  return b.getDictionaryAttr({
      b.getNamedAttr("block_m", b.getI64IntegerAttr(blockM)),
      b.getNamedAttr("block_n", b.getI64IntegerAttr(blockN)),
      b.getNamedAttr("block_k", b.getI64IntegerAttr(blockK)),
      b.getNamedAttr("num_warps", b.getI64IntegerAttr(numWarps)),
      b.getNamedAttr("num_stages", b.getI64IntegerAttr(numStages)),
      b.getNamedAttr("schedule", b.getStringAttr(schedule)),
      b.getNamedAttr("order", b.getStringAttr(order)),
      b.getNamedAttr("mma", b.getStringAttr(mma)),
      b.getNamedAttr("group_m", b.getI64IntegerAttr(groupM)),
      b.getNamedAttr("dynamic_shared_memory_bytes",
                     b.getI64IntegerAttr(sharedBytes)),
  });
}

std::optional<KernelConfig> KernelConfig::fromOp(Operation *op) {
  auto dict = op->getAttrOfType<DictionaryAttr>(kAttrName);
  if (!dict)
    return std::nullopt;
  KernelConfig c;
  auto getInt = [&](StringRef name, int64_t &v) {
    if (auto a = dict.getAs<IntegerAttr>(name))
      v = a.getInt();
  };
  auto getStr = [&](StringRef name, std::string &v) {
    if (auto a = dict.getAs<StringAttr>(name))
      v = a.str();
  };
  getInt("block_m", c.blockM);
  getInt("block_n", c.blockN);
  getInt("block_k", c.blockK);
  getInt("num_warps", c.numWarps);
  getInt("num_stages", c.numStages);
  getStr("schedule", c.schedule);
  getStr("order", c.order);
  getStr("mma", c.mma);
  getInt("group_m", c.groupM);
  getInt("dynamic_shared_memory_bytes", c.sharedBytes);
  return c;
}
