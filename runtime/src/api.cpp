//===- api.cpp - The C API over the runtime's internals -------------------===//
//
// Each entry point checks its pointers, runs the C++ behind it with every
// exception caught, and turns the outcome into a code and one printable
// line.
//
//===----------------------------------------------------------------------===//

#include "handles.h"
#include "tile/Conversion/ManifestSchema.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>

using namespace tilert;

namespace {

tile_rt_code report(tile_rt_status *status, tile_rt_code code,
                    const std::string &message) {
  if (!status)
    return code;
  status->code = code;
  // One line of printable ASCII, whatever bytes file names or manifest
  // strings bring in.
  size_t n = 0;
  for (unsigned char c : message) {
    char piece[5] = {char(c), '\0'};
    if (c < 0x20 || c >= 0x7f)
      std::snprintf(piece, sizeof(piece), "\\x%02x", c);
    size_t len = std::strlen(piece);
    if (n + len >= TILE_RT_MESSAGE_BYTES)
      break;
    std::memcpy(status->message + n, piece, len);
    n += len;
  }
  status->message[n] = '\0';
  return code;
}

tile_rt_code ok(tile_rt_status *status) {
  return report(status, TILE_RT_OK, "");
}

tile_rt_code reportError(tile_rt_status *status, const Error &e) {
  return report(status, e.code, e.message);
}

tile_rt_code nullArgument(tile_rt_status *status, const char *function,
                          const char *argument) {
  return report(status, TILE_RT_INVALID_ARGUMENT,
                std::string(function) + ": " + argument + " is null");
}

// Runs `body`, which reports its own outcome; no exception leaves the API.
template <typename Body>
tile_rt_code guarded(tile_rt_status *status, Body body) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return report(status, TILE_RT_OUT_OF_MEMORY, "out of host memory");
  } catch (const std::length_error &) {
    return report(status, TILE_RT_OUT_OF_MEMORY, "out of host memory");
  } catch (const std::exception &e) {
    return report(status, TILE_RT_INTERNAL_ERROR,
                  std::string("internal error: ") + e.what());
  }
}

// `text` into buffer (truncated, NUL-terminated); its full length.
size_t copyText(const std::string &text, char *buffer, size_t bytes) {
  if (buffer && bytes > 0) {
    size_t n = std::min(text.size(), bytes - 1);
    std::memcpy(buffer, text.data(), n);
    buffer[n] = '\0';
  }
  return text.size();
}

std::unique_ptr<tile_rt_bundle> makeBundle(Manifest manifest) {
  auto b = std::make_unique<tile_rt_bundle>();
  b->manifest = std::move(manifest);
  b->layoutList = b->manifest.layoutList();
  return b;
}

std::string shapeText(int64_t m, int64_t n, int64_t k) {
  return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
}

// Whether a problem's layout and types are enum values; badEnums reports
// when not.
bool validEnums(const tile_rt_problem &p) {
  return unsigned(p.layout) <= TILE_RT_TT &&
         unsigned(p.a_type) <= TILE_RT_F32 &&
         unsigned(p.c_type) <= TILE_RT_F32 &&
         unsigned(p.line_copies) <= TILE_RT_LINE_COPIES_ALWAYS;
}
tile_rt_code badEnums(tile_rt_status *status, const char *function) {
  return report(status, TILE_RT_INVALID_ARGUMENT,
                std::string(function) +
                    ": the problem's layout, types or line_copies are not "
                    "tile_rt_layout, tile_rt_dtype and tile_rt_line_copies "
                    "values");
}

// A dispatch manifest's operand rows for the model: as its members read
// them (a config=auto bundle's members stage alike: all TMA, one row
// multiple).
RowPitches rowPitches(const tile_rt_bundle &dispatch,
                      const tile_rt_problem &p) {
  return kernelRowPitches(dispatch.members[0]->manifest, p);
}

// `p` with its line copies as given.
tile_rt_problem withCopies(tile_rt_problem p, tile_rt_line_copies copies) {
  p.line_copies = copies;
  return p;
}

// The kernel a bundle runs for a problem, its rule (-1 for a kernel bundle),
// why, and whether on line copies (ALWAYS or NEVER): those the problem
// asks for, or for a modelled rule where the model finds that the pick on
// them plus their time beats the pick in place.
bool pick(const tile_rt_bundle &b, const tile_rt_problem &p,
          const tile_rt_bundle *&kernel, int64_t &rule, std::string &why,
          int64_t &splits, tile_rt_line_copies &lines, Error &error) {
  int64_t m = p.m, n = p.n, k = p.k;
  kernel = &b;
  rule = -1;
  splits = 0;
  lines = p.line_copies == TILE_RT_LINE_COPIES_ALWAYS
              ? TILE_RT_LINE_COPIES_ALWAYS
              : TILE_RT_LINE_COPIES_NEVER;
  why.clear();
  if (!b.isDispatch())
    return true;
  // The rules count tiles, which must not overflow.
  std::string sizes;
  if (!checkSizes(m, n, k, sizes))
    return fail(error, TILE_RT_UNSUPPORTED, sizes);
  double here;
  rule = pickRule(b.rules, m, n, k, rowPitches(b, withCopies(p, lines)), why,
                  splits, here);
  if (rule < 0)
    return fail(error, TILE_RT_UNSUPPORTED,
                "manifest " + b.manifest.path +
                    ": no dispatch rule matches shape " + shapeText(m, n, k) +
                    " (" + why + ")");
  bool modelDecides = p.line_copies == TILE_RT_LINE_COPIES_MODEL &&
                      b.rules[size_t(rule)].modelled();
  CopyTraffic copies =
      modelDecides ? lineCopyTraffic(b.members[0]->manifest, p) : CopyTraffic{};
  if (copies.copies > 0) {
    std::string copiedWhy;
    int64_t copiedSplits;
    double there, copyNs = lineCopyNs(copies.bytes, copies.copies);
    int64_t copiedRule =
        pickRule(b.rules, m, n, k,
                 rowPitches(b, withCopies(p, TILE_RT_LINE_COPIES_ALWAYS)),
                 copiedWhy, copiedSplits, there);
    there += copyNs;
    std::string what = copies.copies > 1  ? "A and B"
                       : copies.copied[0] ? "A"
                                          : "B";
    if (lineCopiesPay(there, here)) {
      rule = copiedRule;
      splits = copiedSplits;
      lines = TILE_RT_LINE_COPIES_ALWAYS;
      why = copiedWhy + "; " + what + " copied onto whole L2 lines first (" +
            microseconds(copyNs) + "): " + microseconds(there) + " against " +
            microseconds(here) + " in place";
    } else {
      why += "; in place, against " + microseconds(there) + " with " + what +
             " copied onto whole L2 lines (" + microseconds(copyNs) + ")";
    }
  }
  kernel = b.members[b.rules[size_t(rule)].member].get();
  return true;
}

} // namespace

extern "C" {

const char *tile_rt_dtype_name(tile_rt_dtype type) {
  switch (type) {
  case TILE_RT_F16:
    return "f16";
  case TILE_RT_BF16:
    return "bf16";
  case TILE_RT_F32:
    return "f32";
  }
  return "?";
}

size_t tile_rt_dtype_bytes(tile_rt_dtype type) {
  switch (type) {
  case TILE_RT_F16:
  case TILE_RT_BF16:
    return 2;
  case TILE_RT_F32:
    return 4;
  }
  return 0;
}

const char *tile_rt_layout_name(tile_rt_layout layout) {
  switch (layout) {
  case TILE_RT_NN:
    return "nn";
  case TILE_RT_NT:
    return "nt";
  case TILE_RT_TN:
    return "tn";
  case TILE_RT_TT:
    return "tt";
  }
  return "?";
}

int tile_rt_layout_from_name(const char *name, tile_rt_layout *layout) {
  if (!name || !layout)
    return 0;
  for (tile_rt_layout l : {TILE_RT_NN, TILE_RT_NT, TILE_RT_TN, TILE_RT_TT})
    if (std::strcmp(name, tile_rt_layout_name(l)) == 0) {
      *layout = l;
      return 1;
    }
  return 0;
}

int tile_rt_layout_transposes(tile_rt_layout layout, int operand) {
  const char *name = tile_rt_layout_name(layout);
  return (operand == 0 || operand == 1) && name[operand] == 't';
}

tile_rt_code tile_rt_operand_layout(int64_t rows, int64_t cols, int64_t stride0,
                                    int64_t stride1, tile_rt_orientation want,
                                    tile_rt_orientation *stored, int64_t *ld,
                                    tile_rt_status *status) {
  if (!stored)
    return nullArgument(status, "tile_rt_operand_layout", "stored");
  if (!ld)
    return nullArgument(status, "tile_rt_operand_layout", "ld");
  if (unsigned(want) > TILE_RT_EITHER)
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "tile_rt_operand_layout: want is not a "
                  "tile_rt_orientation value");
  if (rows < 0 || cols < 0)
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "tile_rt_operand_layout: a " + std::to_string(rows) + "x" +
                      std::to_string(cols) + " view has a negative size");
  return guarded(status, [&] {
    std::string why;
    if (!operandLayout(rows, cols, stride0, stride1, want, *stored, *ld, why))
      return report(status, TILE_RT_UNSUPPORTED, why);
    return ok(status);
  });
}

tile_rt_code tile_rt_bundle_load(const char *path, tile_rt_bundle **out,
                                 tile_rt_status *status) {
  if (out)
    *out = nullptr;
  if (!path)
    return nullArgument(status, "tile_rt_bundle_load", "path");
  if (!out)
    return nullArgument(status, "tile_rt_bundle_load", "out");
  return guarded(status, [&] {
    ManifestFile file;
    std::string error;
    if (!loadManifest(path, file, error))
      return report(status, TILE_RT_BAD_BUNDLE,
                    std::string("manifest ") + path + ": " + error);
    std::unique_ptr<tile_rt_bundle> b = makeBundle(std::move(file.kernel));
    b->rules = std::move(file.rules);
    for (Manifest &member : file.members)
      b->members.push_back(makeBundle(std::move(member)));
    *out = b.release();
    return ok(status);
  });
}

void tile_rt_bundle_free(tile_rt_bundle *bundle) { delete bundle; }

tile_rt_code tile_rt_bundle_get_info(const tile_rt_bundle *bundle,
                                     tile_rt_bundle_info *info,
                                     tile_rt_status *status) {
  if (!bundle)
    return nullArgument(status, "tile_rt_bundle_get_info", "bundle");
  if (!info)
    return nullArgument(status, "tile_rt_bundle_get_info", "info");
  const Manifest &m = bundle->manifest;
  tile_rt_bundle_info &i = *info;
  i = tile_rt_bundle_info();
  i.path = m.path.c_str();
  i.kernel = m.kernel.c_str();
  i.ptx = m.ptx.c_str();
  i.ptx_path = m.ptxPath.c_str();
  i.schedule = m.schedule.c_str();
  i.mma = m.mma.c_str();
  i.layouts = bundle->layoutList.c_str();
  i.chip = m.chip.c_str();
  i.order = m.order.c_str();
  i.acc_type = m.accType.c_str();
  i.warp_specialize = m.warpSpecialize.c_str();
  i.gpu_module = m.gpuModule.c_str();
  i.a_type = m.aType;
  i.b_type = m.bType;
  i.c_type = m.cType;
  i.block_m = m.blockM;
  i.block_n = m.blockN;
  i.block_k = m.blockK;
  i.threads_per_block = m.threadsPerBlock;
  i.dynamic_shared_bytes = m.dynamicSharedBytes;
  i.group_m = m.groupM;
  i.num_warps = m.numWarps;
  i.num_stages = m.numStages;
  i.min_blocks_per_sm = m.minBlocksPerSm;
  i.cluster_m = m.clusterM;
  i.split_k = m.splitK;
  i.splits = m.splits.c_str();
  i.workspace_tile_bytes = m.workspaceTileBytes;
  i.index_bitwidth = m.indexBitwidth;
  i.m_multiple = m.multiple[0];
  i.n_multiple = m.multiple[1];
  i.k_multiple = m.multiple[2];
  for (int d = 0; d < 2; ++d) {
    i.tma_box_a[d] = m.tmaBoxA[d];
    i.tma_box_b[d] = m.tmaBoxB[d];
    i.tma_box_c[d] = m.tmaBoxC[d];
    i.tma_box_a_tail[d] = m.tmaBoxATail[d];
  }
  i.tma_swizzle_bytes = m.tmaSwizzleBytes;
  i.persistent = m.persistent;
  i.stream_k = m.streamK;
  i.uses_tma = m.usesTma();
  i.uses_workspace = m.usesWorkspace();
  i.param_count = m.paramCount;
  i.rule_count = bundle->rules.size();
  i.member_count = bundle->members.size();
  i.swap_ab = m.swapAB;
  i.c_any_alignment = m.cAnyAlignment;
  i.l2_promotion = m.l2Promotion;
  return ok(status);
}

int tile_rt_bundle_static(const tile_rt_bundle *bundle, const char *param,
                          int64_t *value) {
  if (!bundle || !param || !value)
    return 0;
  for (size_t i = 0; i < kParamCount; ++i) {
    const std::optional<int64_t> &fixed = bundle->manifest.fixed[i];
    if (fixed && std::strcmp(paramName(ParamRole(i)), param) == 0) {
      *value = *fixed;
      return 1;
    }
  }
  return 0;
}

const tile_rt_bundle *tile_rt_bundle_member(const tile_rt_bundle *bundle,
                                            size_t index) {
  if (!bundle || index >= bundle->members.size())
    return nullptr;
  return bundle->members[index].get();
}

tile_rt_code tile_rt_bundle_rule(const tile_rt_bundle *bundle, size_t index,
                                 tile_rt_rule *rule, tile_rt_status *status) {
  if (!bundle)
    return nullArgument(status, "tile_rt_bundle_rule", "bundle");
  if (!rule)
    return nullArgument(status, "tile_rt_bundle_rule", "rule");
  if (index >= bundle->rules.size())
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "tile_rt_bundle_rule: manifest " + bundle->manifest.path +
                      " has " + std::to_string(bundle->rules.size()) +
                      " rules, not " + std::to_string(index + 1));
  const DispatchRule &r = bundle->rules[index];
  *rule = tile_rt_rule{r.bundle.c_str(), r.member, r.shapeClass.c_str(), {},
                       r.why.c_str(),    {},       r.tile.blocksPerSm};
  std::copy(std::begin(r.cost), std::end(r.cost), rule->cost);
  std::copy(r.tile.clusterSlots.begin(), r.tile.clusterSlots.end(),
            rule->cluster_slots);
  return ok(status);
}

tile_rt_code tile_rt_rule_estimate(const tile_rt_bundle *bundle, size_t index,
                                   const tile_rt_problem *problem, double *ns,
                                   tile_rt_status *status) {
  if (!bundle)
    return nullArgument(status, "tile_rt_rule_estimate", "bundle");
  if (!problem)
    return nullArgument(status, "tile_rt_rule_estimate", "problem");
  if (!ns)
    return nullArgument(status, "tile_rt_rule_estimate", "ns");
  if (!validEnums(*problem))
    return badEnums(status, "tile_rt_rule_estimate");
  return guarded(status, [&] {
    int64_t m = problem->m, n = problem->n, k = problem->k;
    std::string sizes;
    if (index >= bundle->rules.size() || !bundle->rules[index].modelled())
      return report(status, TILE_RT_INVALID_ARGUMENT,
                    "tile_rt_rule_estimate: manifest " +
                        bundle->manifest.path + " has no modelled rule " +
                        std::to_string(index));
    if (!checkSizes(m, n, k, sizes))
      return report(status, TILE_RT_INVALID_ARGUMENT,
                    "tile_rt_rule_estimate: " + sizes);
    *ns =
        bundle->rules[index].estimateNs(m, n, k, rowPitches(*bundle, *problem));
    return ok(status);
  });
}

tile_rt_code tile_rt_model_estimate(const tile_rt_model_tile *tile,
                                    const double cost[5], int64_t m, int64_t n,
                                    int64_t k, int64_t a_pitch, int64_t b_pitch,
                                    double *ns, int64_t *splits,
                                    tile_rt_status *status) {
  if (!tile)
    return nullArgument(status, "tile_rt_model_estimate", "tile");
  if (!cost)
    return nullArgument(status, "tile_rt_model_estimate", "cost");
  if (!ns)
    return nullArgument(status, "tile_rt_model_estimate", "ns");
  return guarded(status, [&] {
    auto refuse = [&](const std::string &why) {
      return report(status, TILE_RT_INVALID_ARGUMENT,
                    "tile_rt_model_estimate: " + why);
    };
    if (std::min({tile->block_m, tile->block_n, tile->block_k, tile->split_k,
                  tile->a_bytes, tile->b_bytes, tile->c_bytes}) < 1 ||
        std::max({tile->block_m, tile->block_n, tile->block_k, tile->split_k,
                  tile->a_bytes, tile->b_bytes, tile->c_bytes}) > kMaxModelTile)
      return refuse("the tile's sizes, split and element bytes must be 1 to " +
                    std::to_string(kMaxModelTile));
    if (tile->stream_k != 0 && tile->stream_k != 1)
      return refuse("the tile's stream_k must be 0 or 1");
    if (tile->swap_ab != 0 && tile->swap_ab != 1)
      return refuse("the tile's swap_ab must be 0 or 1");
    const int64_t *slots = tile->cluster_slots;
    if (!(std::all_of(slots, slots + 8, [](int64_t s) { return s == 0; }) ||
          std::all_of(slots, slots + 8, [](int64_t s) {
            return s >= 1 && s <= tile_manifest::kMaxModelSMs;
          })))
      return refuse("the tile's cluster_slots must be all 0 or all 1 to " +
                    std::to_string(tile_manifest::kMaxModelSMs));
    if (tile->blocks_per_sm < 0 || tile->blocks_per_sm > kMaxModelBlocksPerSm)
      return refuse("the tile's blocks_per_sm must be 0 to " +
                    std::to_string(kMaxModelBlocksPerSm));
    for (int i = 0; i < 5; ++i)
      if (!std::isfinite(cost[i]) || cost[i] < 0 ||
          (cost[i] == 0 && (i == 0 || i == 1 || i == 4)))
        return refuse("cost[" + std::to_string(i) +
                      "] must be finite and at least 0 (above 0 for the SMs, "
                      "the step time and the bytes per ns)");
    // (more would make a wave's slots infinite in double, and waves 0)
    if (cost[0] > double(tile_manifest::kMaxModelSMs))
      return refuse("cost[0] (the SMs) must be at most " +
                    std::to_string(tile_manifest::kMaxModelSMs));
    std::string sizes;
    if (!checkSizes(m, n, k, sizes))
      return refuse(sizes);
    ModelTile t{tile->block_m, tile->block_n,      tile->block_k,
                tile->split_k, tile->a_bytes,      tile->b_bytes,
                tile->c_bytes, tile->stream_k == 1};
    std::copy(slots, slots + 8, t.clusterSlots.begin());
    t.blocksPerSm = std::max<int64_t>(tile->blocks_per_sm, 1);
    t.swapAB = tile->swap_ab == 1;
    RowPitches pitches{a_pitch, b_pitch};
    *ns = splits ? modelLeastNs(t, cost, m, n, k, pitches, *splits)
                 : modelEstimateNs(t, cost, m, n, k, pitches);
    return ok(status);
  });
}

tile_rt_code tile_rt_visit_order(int64_t round, int64_t count, int64_t *order,
                                 tile_rt_status *status) {
  if (!order)
    return nullArgument(status, "tile_rt_visit_order", "order");
  if (round < 0 || count < 1 || count > 65536)
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "tile_rt_visit_order: the round must be at least 0 and the "
                  "count 1 to 65536");
  // Row r of the Latin square 0, 1, n-1, 2, n-2, ... (plus r); an odd
  // count also takes each row reversed, in the round after it.
  int64_t period = count % 2 ? 2 * count : count;
  int64_t r = round % period, row = count % 2 ? r / 2 : r;
  for (int64_t j = 0; j < count; ++j) {
    int64_t base = j % 2 ? (j + 1) / 2 : (count - j / 2) % count;
    int64_t at = count % 2 && r % 2 ? count - 1 - j : j;
    order[at] = (base + row) % count;
  }
  return ok(status);
}

tile_rt_code tile_rt_check_bounds_of(tile_rt_dtype in, tile_rt_dtype out,
                                     int64_t k, tile_rt_check_bounds *bounds,
                                     tile_rt_status *status) {
  if (!bounds)
    return nullArgument(status, "tile_rt_check_bounds_of", "bounds");
  // The output's rounding (unit roundoff 2^-11 for f16, 2^-8 for bf16)
  // dominates; an f32 output differs by summation order, and bf16 partial
  // sums cost more than f16's.
  struct Row {
    tile_rt_dtype in, out;
    double frobenius;
  };
  static const Row rows[] = {
      {TILE_RT_F16, TILE_RT_F16, 2e-3},  {TILE_RT_BF16, TILE_RT_F16, 2e-3},
      {TILE_RT_F16, TILE_RT_BF16, 1e-2}, {TILE_RT_BF16, TILE_RT_BF16, 1e-2},
      {TILE_RT_F16, TILE_RT_F32, 1e-3},  {TILE_RT_BF16, TILE_RT_F32, 5e-3},
  };
  const Row *row = nullptr;
  for (const Row &r : rows)
    if (r.in == in && r.out == out)
      row = &r;
  if (!row || k < 0)
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "tile_rt_check_bounds_of: the input type must be f16 or "
                  "bf16, the output's f16, bf16 or f32, and K at least 0");
  bounds->frobenius = row->frobenius;
  bounds->per_ref = out == TILE_RT_F16    ? 0x1p-11
                    : out == TILE_RT_BF16 ? 0x1p-8
                                          : 0;
  bounds->per_magnitude = double(k) * 0x1p-20;
  bounds->absolute = 0x1p-24;
  bounds->elementwise = k <= (int64_t(1) << 18);
  return ok(status);
}

tile_rt_code tile_rt_bundle_pick(const tile_rt_bundle *bundle,
                                 const tile_rt_problem *problem,
                                 const tile_rt_bundle **kernel, int64_t *splits,
                                 tile_rt_line_copies *line_copies, char *why,
                                 size_t why_bytes, tile_rt_status *status) {
  if (kernel)
    *kernel = nullptr;
  if (splits)
    *splits = 0;
  if (line_copies)
    *line_copies = TILE_RT_LINE_COPIES_NEVER;
  copyText("", why, why_bytes);
  if (!bundle)
    return nullArgument(status, "tile_rt_bundle_pick", "bundle");
  if (!problem)
    return nullArgument(status, "tile_rt_bundle_pick", "problem");
  if (!kernel)
    return nullArgument(status, "tile_rt_bundle_pick", "kernel");
  if (!validEnums(*problem))
    return badEnums(status, "tile_rt_bundle_pick");
  return guarded(status, [&] {
    Error error;
    int64_t rule, chosen;
    std::string reason;
    tile_rt_line_copies lines;
    const tile_rt_bundle *picked = nullptr;
    if (!pick(*bundle, *problem, picked, rule, reason, chosen, lines, error))
      return reportError(status, error);
    *kernel = picked; // only on success: null on any failure
    if (splits)
      *splits = chosen;
    if (line_copies)
      *line_copies = lines;
    copyText(reason, why, why_bytes);
    return ok(status);
  });
}

tile_rt_code tile_rt_bundle_candidates(const tile_rt_bundle *bundle,
                                       const tile_rt_problem *problem,
                                       tile_rt_candidate *out, size_t capacity,
                                       size_t *count, tile_rt_status *status) {
  if (count)
    *count = 0;
  if (!bundle)
    return nullArgument(status, "tile_rt_bundle_candidates", "bundle");
  if (!problem)
    return nullArgument(status, "tile_rt_bundle_candidates", "problem");
  if (!out)
    return nullArgument(status, "tile_rt_bundle_candidates", "out");
  if (!count)
    return nullArgument(status, "tile_rt_bundle_candidates", "count");
  if (capacity == 0)
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "tile_rt_bundle_candidates: capacity must be at least 1");
  if (!validEnums(*problem))
    return badEnums(status, "tile_rt_bundle_candidates");
  return guarded(status, [&] {
    const tile_rt_problem &p = *problem;
    Error error;
    int64_t rule, splits;
    std::string why;
    tile_rt_line_copies lines;
    const tile_rt_bundle *picked = nullptr;
    if (!pick(*bundle, p, picked, rule, why, splits, lines, error))
      return reportError(status, error);
    std::vector<tile_rt_candidate> all;
    if (rule < 0 || !bundle->rules[size_t(rule)].modelled()) {
      all.push_back({picked, rule, splits, 0, lines});
    } else {
      for (const RankedRule &r :
           rankCandidates(bundle->rules, p.m, p.n, p.k,
                          rowPitches(*bundle, withCopies(p, lines)))) {
        const DispatchRule &d = bundle->rules[size_t(r.rule)];
        tile_rt_candidate c{bundle->members[d.member].get(), r.rule,
                            d.tile.splitK > 1 ? r.splits : 0, r.ns, lines};
        if (std::none_of(all.begin(), all.end(), [&](const auto &o) {
              return o.kernel == c.kernel && o.splits == c.splits;
            }))
          all.push_back(c);
      }
    }
    *count = std::min(capacity, all.size());
    std::copy(all.begin(), all.begin() + *count, out);
    return ok(status);
  });
}

size_t tile_rt_shape_class(int64_t m, int64_t n, int64_t k, char *buffer,
                           size_t bytes) {
  copyText("", buffer, bytes);
  std::string why;
  if (!checkSizes(m, n, k, why))
    return 0;
  try {
    return copyText(shapeClass(m, n, k), buffer, bytes);
  } catch (const std::exception &) {
    return 0;
  }
}

tile_rt_code tile_rt_parse_shape(const char *text, int64_t mnk[3],
                                 tile_rt_status *status) {
  if (!text)
    return nullArgument(status, "tile_rt_parse_shape", "text");
  if (!mnk)
    return nullArgument(status, "tile_rt_parse_shape", "mnk");
  auto refuse = [&] {
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "expected MxNxK, three sizes from 1 to " +
                      std::to_string(TILE_RT_MAX_SIZE) + " in ASCII digits");
  };
  int64_t sizes[3];
  const char *p = text;
  for (int i = 0; i < 3; ++i) {
    if (i > 0 && *p++ != 'x')
      return refuse();
    // No sign, space or leading zero (which other parsers read as octal).
    if (*p < '1' || *p > '9')
      return refuse();
    int64_t size = 0;
    for (; *p >= '0' && *p <= '9'; ++p) {
      size = size * 10 + (*p - '0');
      if (size > TILE_RT_MAX_SIZE)
        return refuse();
    }
    sizes[i] = size;
  }
  if (*p)
    return refuse();
  std::copy(sizes, sizes + 3, mnk);
  return ok(status);
}

tile_rt_code tile_rt_kernel_load(const tile_rt_bundle *kernel,
                                 tile_rt_kernel_info *info,
                                 tile_rt_status *status) {
  if (info)
    *info = tile_rt_kernel_info();
  if (!kernel)
    return nullArgument(status, "tile_rt_kernel_load", "kernel");
  if (kernel->isDispatch())
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "tile_rt_kernel_load: manifest " + kernel->manifest.path +
                      " is a dispatch manifest; load the member a shape "
                      "picks");
  return guarded(status, [&] {
    Error error;
    if (!loadKernel(kernel->manifest, kernel->kernel, info, error))
      return reportError(status, error);
    return ok(status);
  });
}

tile_rt_code tile_rt_plan_create(const tile_rt_bundle *bundle,
                                 const tile_rt_problem *problem,
                                 const tile_rt_device *device,
                                 tile_rt_plan **out, tile_rt_status *status) {
  if (out)
    *out = nullptr;
  if (!bundle)
    return nullArgument(status, "tile_rt_plan_create", "bundle");
  if (!problem)
    return nullArgument(status, "tile_rt_plan_create", "problem");
  if (!out)
    return nullArgument(status, "tile_rt_plan_create", "out");
  if (!validEnums(*problem))
    return badEnums(status, "tile_rt_plan_create");
  return guarded(status, [&] {
    Error error;
    auto plan = std::make_unique<tile_rt_plan>();
    const tile_rt_bundle *kernel;
    tile_rt_problem p = *problem;
    int64_t splits;
    tile_rt_line_copies lines;
    if (!pick(*bundle, p, kernel, plan->rule, plan->pickWhy, splits, lines,
              error))
      return reportError(status, error);
    p.line_copies = lines;
    // The model's splits (within what the device holds at once), unless
    // the caller chose.
    if (p.splits == 0 && splits > 0)
      p.splits = boundSplits(kernel->manifest, p, device, splits);
    if (!makePlan(*kernel, p, device, *plan, error))
      return reportError(status, error);
    *out = plan.release();
    return ok(status);
  });
}

void tile_rt_plan_free(tile_rt_plan *plan) { delete plan; }

tile_rt_code tile_rt_plan_get_info(const tile_rt_plan *plan,
                                   tile_rt_plan_info *info,
                                   tile_rt_status *status) {
  if (!plan)
    return nullArgument(status, "tile_rt_plan_get_info", "plan");
  if (!info)
    return nullArgument(status, "tile_rt_plan_get_info", "info");
  const Manifest &m = plan->kernel->manifest;
  const tile_rt_problem &p = plan->problem;
  const Staging &s = plan->staging;
  tile_rt_plan_info &i = *info;
  i = tile_rt_plan_info();
  i.kernel = plan->kernel;
  i.rule = plan->rule;
  i.staged = s.staged;
  i.kp = s.kp;
  i.np = s.np;
  i.mp = s.mp;
  int64_t *copyBytes[3] = {&i.a_copy_bytes, &i.b_copy_bytes, &i.c_copy_bytes};
  for (int o = 0; o < 3; ++o) {
    Stored copy = kernelOperand(p, s, o);
    if (s.copied[o])
      *copyBytes[o] = copy.rows * copy.ld *
                      int64_t(tile_rt_dtype_bytes(o == 2 ? m.cType : m.aType));
  }
  i.tiles = plan->grid.tiles;
  i.splits = plan->grid.splits;
  i.grid = plan->grid.blocks;
  i.cluster_m = plan->grid.cluster;
  i.tiles_per_program_min = plan->grid.tilesPerProgramMin;
  i.tiles_per_program_max = plan->grid.tilesPerProgramMax;
  i.workspace_bytes = plan->workspaceBytes;
  i.param_count = m.paramCount;
  return ok(status);
}

tile_rt_code tile_rt_plan_param(const tile_rt_plan *plan, size_t index,
                                tile_rt_param *param, tile_rt_status *status) {
  if (!plan)
    return nullArgument(status, "tile_rt_plan_param", "plan");
  if (!param)
    return nullArgument(status, "tile_rt_plan_param", "param");
  const Manifest &m = plan->kernel->manifest;
  if (index >= m.paramCount)
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "tile_rt_plan_param: kernel '" + m.kernel + "' has " +
                      std::to_string(m.paramCount) + " parameters, not " +
                      std::to_string(index + 1));
  auto role = ParamRole(index);
  param->name = paramName(role);
  param->type = paramType(role);
  param->value =
      role == ParamRole::A || role == ParamRole::B || role == ParamRole::C
          ? m.offset(role)
          : scalarValue(role, plan->problem, plan->staging);
  return ok(status);
}

tile_rt_code tile_rt_bundle_param(const tile_rt_bundle *bundle, size_t index,
                                  tile_rt_param *param,
                                  tile_rt_status *status) {
  if (!bundle)
    return nullArgument(status, "tile_rt_bundle_param", "bundle");
  if (!param)
    return nullArgument(status, "tile_rt_bundle_param", "param");
  const Manifest &m = bundle->manifest;
  if (bundle->isDispatch() || index >= m.paramCount)
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "tile_rt_bundle_param: kernel '" + m.kernel + "' has " +
                      std::to_string(bundle->isDispatch() ? 0 : m.paramCount) +
                      " parameters, not " + std::to_string(index + 1));
  auto role = ParamRole(index);
  param->name = paramName(role);
  param->type = paramType(role);
  param->value = 0;
  return ok(status);
}

tile_rt_code tile_rt_plan_tma(const tile_rt_plan *plan, int operand,
                              tile_rt_tma *tma, tile_rt_status *status) {
  if (!plan)
    return nullArgument(status, "tile_rt_plan_tma", "plan");
  if (!tma)
    return nullArgument(status, "tile_rt_plan_tma", "tma");
  if (operand < 0 || operand >= int(kTmaParams))
    return report(status, TILE_RT_INVALID_ARGUMENT,
                  "tile_rt_plan_tma: operand " + std::to_string(operand) +
                      " is not 0 (A), 1 (B), 2 (C) or 3 (A's tail)");
  const Manifest &m = plan->kernel->manifest;
  if (!m.usesTma())
    return report(status, TILE_RT_UNSUPPORTED,
                  m.named() + " takes no TMA descriptors (mma=" + m.mma + ")");
  *tma = tmaView(*plan, operand);
  return ok(status);
}

size_t tile_rt_plan_text(const tile_rt_plan *plan, tile_rt_text what,
                         char *buffer, size_t bytes) {
  copyText("", buffer, bytes);
  if (!plan)
    return 0;
  try {
    const Manifest &m = plan->kernel->manifest;
    switch (what) {
    case TILE_RT_TEXT_PICK:
      return copyText(plan->pickWhy, buffer, bytes);
    case TILE_RT_TEXT_STAGING:
      return copyText(stagingSummary(m, plan->problem, plan->staging), buffer,
                      bytes);
    case TILE_RT_TEXT_WORKSPACE:
      return m.usesWorkspace() || m.splitK > 1
                 ? copyText(workspaceSummary(m, plan->problem), buffer, bytes)
                 : 0;
    }
  } catch (const std::exception &) {
  }
  return 0;
}

tile_rt_code tile_rt_plan_pack(tile_rt_plan *plan,
                               const tile_rt_buffers *buffers, void ***args,
                               tile_rt_status *status) {
  if (args)
    *args = nullptr;
  if (!plan)
    return nullArgument(status, "tile_rt_plan_pack", "plan");
  if (!buffers)
    return nullArgument(status, "tile_rt_plan_pack", "buffers");
  if (!args)
    return nullArgument(status, "tile_rt_plan_pack", "args");
  return guarded(status, [&] {
    Error error;
    if (!packArgs(*plan, *buffers, error))
      return reportError(status, error);
    *args = plan->args.data();
    return ok(status);
  });
}

tile_rt_code tile_rt_launch(tile_rt_plan *plan, const tile_rt_buffers *buffers,
                            void *stream, tile_rt_status *status) {
  if (!plan)
    return nullArgument(status, "tile_rt_launch", "plan");
  if (!buffers)
    return nullArgument(status, "tile_rt_launch", "buffers");
  return guarded(status, [&] {
    Error error;
    if (!checkGrid(*plan, error) || !packArgs(*plan, *buffers, error) ||
        !launchPlan(*plan, static_cast<CUstream>(stream), error))
      return reportError(status, error);
    return ok(status);
  });
}

} // extern "C"
