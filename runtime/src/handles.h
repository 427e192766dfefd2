//===- handles.h - What the C API's handles hold ----------------*- C++ -*-===//

#ifndef TILE_RT_HANDLES_H
#define TILE_RT_HANDLES_H

#include "manifest.h"
#include "problem.h"
#include "tile_runtime_driver.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tilert {

// An error as the C API returns it: a code and one line.
struct Error {
  tile_rt_code code = TILE_RT_OK;
  std::string message;
};

// Sets `e`; returns false, for `return fail(e, ...)`.
inline bool fail(Error &e, tile_rt_code code, std::string message) {
  e.code = code;
  e.message = std::move(message);
  return false;
}

// A kernel's module in the context it was first loaded in, and what was
// found then; kept until the bundle is freed.
struct LoadedKernel {
  std::mutex mutex;
  bool loaded = false;
  CUmodule module = nullptr;
  CUfunction function = nullptr;
  tile_rt_kernel_info info{};
};

// Loads `m` into the current context unless `k` already holds it, and
// copies what was found (also on failure) to `info` when not null.
bool loadKernel(const Manifest &m, LoadedKernel &k, tile_rt_kernel_info *info,
                Error &error);

} // namespace tilert

struct tile_rt_bundle {
  tilert::Manifest manifest; // of a dispatch manifest: path, kernel, types
  std::vector<tilert::DispatchRule> rules;
  std::vector<std::unique_ptr<tile_rt_bundle>> members;
  std::string layoutList;
  // Loaded on first use: the C API hands out const bundles.
  mutable tilert::LoadedKernel kernel;

  bool isDispatch() const { return !rules.empty(); }
  ~tile_rt_bundle();
};

struct tile_rt_plan {
  const tile_rt_bundle *kernel = nullptr;
  int64_t rule = -1;
  std::string pickWhy;
  tile_rt_problem problem{};
  tilert::Staging staging;
  tilert::Grid grid;
  int64_t workspaceBytes = 0;

  // The packed arguments: one 8-byte slot per pointer or i64 (the i64s are
  // filled once, at planning), the TMA descriptors, and cuLaunchKernel's
  // array of pointers to them, for the buffers last packed.
  std::vector<uint64_t> slots;
  CUtensorMap maps[tilert::kTmaParams]; // A, B, C, A's tail: the ABI's order
  std::vector<void *> args;
  bool packed = false;
  tile_rt_buffers packedFor{};
  // A staged launch's copies in (A, B) and out (C), those of the operands
  // it copies (Staging::copied).
  CUDA_MEMCPY2D copyIn[2], copyOut;
};

namespace tilert {

// Plans `p` on `kernel` (a kernel bundle, never a dispatch manifest).
bool makePlan(const tile_rt_bundle &kernel, const tile_rt_problem &p,
              const tile_rt_device *device, tile_rt_plan &plan, Error &error);

// The view of TMA descriptor `map` (0 to kTmaParams - 1, the ABI's order):
// its operand's rows x cols elements, rows `pitch` apart, and its box.
tile_rt_tma tmaView(const tile_rt_plan &plan, int map);

// Packs the plan's arguments for `buffers` (tile_rt_plan_pack).
bool packArgs(tile_rt_plan &plan, const tile_rt_buffers &buffers, Error &error);

// Whether the plan has a grid to launch (a persistent or resident split-K
// plan made without a device has none).
bool checkGrid(const tile_rt_plan &plan, Error &error);

// Launches the packed plan on `stream`.
bool launchPlan(tile_rt_plan &plan, CUstream stream, Error &error);

} // namespace tilert

#endif // TILE_RT_HANDLES_H
