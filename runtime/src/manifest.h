//===- manifest.h - The launch manifest of a tile-opt bundle ----*- C++ -*-===//
//
// tile-opt writes DIR/<kernel>.ptx and DIR/<kernel>.json. The JSON file (the
// launch manifest) says how to launch the kernel: tile sizes, grid schedule,
// element types and the kernel's parameters in order. Everything here is
// checked without a GPU so bad bundles fail fast and testably.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RT_MANIFEST_H
#define TILE_RT_MANIFEST_H

#include "tile/Conversion/ManifestSchema.h"
#include "tile_runtime.h"

#include <cstdint>
#include <optional>
#include <array>
#include <string>
#include <vector>

namespace tilert {

// The kernel's parameters and its TMA descriptors: the schema's, shared with
// the compiler.
using tile_manifest::kParamCount;
using tile_manifest::kTmaParams;
using tile_manifest::ParamRole;

// The parameter's name ("stride_am") and type ("i64") in the manifest.
const char *paramName(ParamRole role);
const char *paramType(ParamRole role);

struct Manifest {
  std::string path;    // as given
  std::string ptxPath; // resolved against the manifest's directory
  std::string ptxText; // contents, NUL-terminated for cuModuleLoadDataEx

  std::string kernel;
  std::string ptx; // as written in the manifest
  bool persistent = false;
  std::string schedule;
  std::vector<std::string> layouts;
  tile_rt_dtype aType = TILE_RT_F16, bType = TILE_RT_F16, cType = TILE_RT_F16;
  int64_t blockM = 0, blockN = 0, blockK = 0;
  int64_t threadsPerBlock = 0;
  int64_t dynamicSharedBytes = 0;
  // The kernel takes the ABI's first paramCount parameters, in order.
  size_t paramCount = 0;

  // Informational fields; empty or -1 when the manifest leaves them out.
  std::string chip, order, accType, warpSpecialize, gpuModule;
  // Where a split-K kernel reads its splits: "grid" (partial sums in the
  // workspace) or "cluster" (a tile's splits launched as one cluster).
  std::string splits;
  int64_t groupM = -1, numWarps = -1, numStages = -1, minBlocksPerSm = -1;
  // Blocks per thread-block cluster along M ("cluster_m"; 1 or 2): the grid
  // is launched in clusters of this many blocks.
  int64_t clusterM = 1;
  // 1: the MMAs compute C's transpose ("swap_ab"); nothing about the
  // launch depends on it.
  int64_t swapAB = 0;
  // 1: the kernel stores C at any alignment ("c_any_alignment"): TMA stores
  // where TMA can address C as given (cStoredByTma), else its threads.
  int64_t cAnyAlignment = 0;
  // Programs per tile of C ("split_k", 1 to 128; tiled wgmma kernels only):
  // each adds the partial sum of its share of K in its tile's cluster, or
  // through a workspace of "workspace_tile_bytes" per tile, the kernel's
  // last parameter, zero before the kernel's first launch.
  int64_t splitK = 1;
  // schedule "stream_k": a persistent grid whose programs share tiles
  // through the workspace.
  bool streamK = false;
  // "kernel 'NAME' (PATH)": how a message names the kernel.
  std::string named() const { return "kernel '" + kernel + "' (" + path + ")"; }
  bool splitsInCluster() const { return splits == "cluster"; }
  // "resident": a tile's programs wait for one another (each adds a share
  // of the workspace's partials), so all of a launch's must fit at once.
  bool splitsResident() const { return splits == "resident"; }
  bool usesWorkspace() const {
    return (splitK > 1 && !splitsInCluster()) || streamK;
  }
  int64_t workspaceTileBytes = 0; // 0 without a workspace
  // Width of the kernel's index arithmetic: offsets must stay below 2^(w-1).
  int64_t indexBitwidth = 64;
  // What the kernel's memref types fix, by parameter ("static_<name>" in the
  // manifest): for a size or stride the value it must be passed, for A, B and
  // C the elements between the pointer passed and element (0, 0).
  std::optional<int64_t> fixed[kParamCount];
  int64_t offset(ParamRole operand) const {
    return fixed[size_t(operand)].value_or(0);
  }
  // What the kernel needs each size (M, N, K) to be a multiple of
  // ("m_multiple", ... in the manifest; 1 where absent). mma=wgmma manifests
  // must state it for N and K: tile-opt writes there what TMA's 16-byte
  // rows ask of the shape.
  int64_t multiple[3] = {1, 1, 1};
  // "sync" or "wgmma"; wgmma kernels read A and B and write C through TMA
  // descriptors with these boxes ({inner, outer} elements, 128-byte
  // swizzle).
  std::string mma = "sync";
  int64_t tmaBoxA[2] = {0, 0}, tmaBoxB[2] = {0, 0}, tmaBoxC[2] = {0, 0},
          tmaBoxATail[2] = {0, 0};
  int64_t tmaSwizzleBytes = 0;
  int64_t l2Promotion = 256;
  bool usesTma() const { return tmaBoxA[0] > 0; }

  bool servesLayout(const std::string &layout) const;
  std::string layoutList() const; // "nn, nt"
};

// What the cost model reads of a member: its tile, split-K and element
// sizes.
struct ModelTile {
  int64_t blockM = 0, blockN = 0, blockK = 0, splitK = 1;
  int64_t aBytes = 0, bBytes = 0, cBytes = 0;
  bool streamK = false;
  // Splits in a cluster: the blocks resident at once in clusters of 1 to 8
  // (all 0: blocksPerSm programs per SM, whatever the splits).
  std::array<int64_t, 8> clusterSlots{};
  // Programs resident per SM outside clusters (modelBlocksPerSm).
  int64_t blocksPerSm = 1;
  // A transposed member (swap_ab): its 3 splits cost less (dispatch.cpp).
  bool swapAB = false;
};
// The most programs per SM the model counts (the chip's block limit).
constexpr int64_t kMaxModelBlocksPerSm = 32;

// A member's programs resident per SM as the model counts them: as many as
// Hopper's shared memory (228 KB per SM, 1 KB of it reserved per block)
// and registers (65536 per SM) hold, counting its
// dynamic shared memory (the static part is a few mbarriers) and, for its
// threads in whole warps, the most registers a thread may take (255), or
// as few as fit min_blocks_per_sm blocks where it was compiled for them:
// a count every build of the kernel reaches. The GPU tests check it against the
// driver's for every member of config=auto.
int64_t modelBlocksPerSm(const Manifest &member);
// The most any of a ModelTile's fields may be: the model's integer
// arithmetic (ceil(M / block_m) * block_m) stays within int64.
constexpr int64_t kMaxModelTile = 65536;

// A's and B's rows as the kernel reads them (a staged operand's copy): how
// many bytes apart they start. Any multiple of 128 (0 too) puts every row
// on a whole L2 line.
struct RowPitches {
  int64_t a = 0, b = 0;
};

// The cost model's time, in ns, of an M x N x K problem on a member with
// `tile` and the coefficients `cost` (SMs, ps per K step of one tile, ns per
// tile, ns per launch, bytes per ns; doubles, so that a fit may try any),
// its operands' rows `pitches` apart.
double modelEstimateNs(const ModelTile &tile, const double cost[5], int64_t m,
                       int64_t n, int64_t k, RowPitches pitches);

// modelEstimateNs of a split-K member at the splits per tile (2 to its
// split_k, the launch's choice; 3 at a cost factor unless `three` is false)
// that estimate least, written to `splits`; of any other member as it is
// (`splits` 1).
double modelLeastNs(const ModelTile &tile, const double cost[5], int64_t m,
                    int64_t n, int64_t k, RowPitches pitches, int64_t &splits,
                    bool three = true);

// One rule of a dispatch manifest (tile-opt config=auto): a member, chosen
// by its shape class (tile-tune's) or by the cost model's estimate.
struct DispatchRule {
  std::string bundle; // a manifest in the same directory
  size_t member = 0;  // its index among the distinct members
  std::string shapeClass; // shapeClass(M, N, K) is this (tile-tune's)
  // The cost model's coefficients ("cost"; all 0 without one): SMs, ps per
  // K step of one tile, ns per tile, ns per launch, bytes per ns.
  int64_t cost[5] = {0, 0, 0, 0, 0};
  ModelTile tile; // the member's, for the model
  std::string why;
  bool modelled() const { return cost[0] > 0; }
  // `cost` as the model takes it.
  std::array<double, 5> modelCost() const;
  // modelLeastNs of the member with the rule's coefficients: a split-K
  // member's at the splits per tile (2 to split_k in powers of two, and 3
  // at its cost factor; the launch's choice) that estimate least, written
  // to `splits`.
  double estimateNs(int64_t m, int64_t n, int64_t k, RowPitches pitches,
                    int64_t *splits = nullptr) const;
};

// A dispatch manifest's limit on rules: tile-opt writes one per member
// (and tile-tune one per shape class, at most 32); its members are at most
// tile_manifest::kMaxMembers.
constexpr size_t kMaxRules = 4096;

// A manifest read from disk: a kernel manifest, or a dispatch manifest's
// rules and the distinct member manifests they name.
struct ManifestFile {
  Manifest kernel; // for a dispatch manifest: its path, kernel and types
  std::vector<DispatchRule> rules;
  std::vector<Manifest> members;
  bool isDispatch() const { return !rules.empty(); }
};

// Reads and validates a manifest and the PTX file it names (or, for a
// dispatch manifest, every member it names, each once). On failure returns
// false with `error` set to the text after "manifest PATH: ".
bool loadManifest(const std::string &path, ManifestFile &out,
                  std::string &error);

// tile-tune's class of a shape: each size's power-of-two bucket and whether
// N and K are multiples of 8 ("m2^12-n2^12-k2^13", "...-unaligned").
std::string shapeClass(int64_t m, int64_t n, int64_t k);

// The rule of `rules` for an M x N x K problem, or -1: the first without a
// cost whose class (if any) matches, else the modelled one with the least
// estimate; `why` says which rule and its numbers (for -1: the shape's class
// and the rule whose class is nearest, nearestClass).
// "class C; the nearest rule is I, for class D (BUNDLE)": what a shape no
// rule serves is, and which rule comes closest (power-of-two steps apart).
std::string nearestClass(const std::vector<DispatchRule> &rules, int64_t m,
                         int64_t n, int64_t k);

// A modelled rule's estimate for a shape, at the splits per tile it
// estimates least at (1 for a member without split-K).
struct RankedRule {
  int64_t rule;
  double ns;
  int64_t splits;
};

// The modelled rules, least estimate first (the first rule on a tie).
std::vector<RankedRule> rankModelled(const std::vector<DispatchRule> &rules,
                                     int64_t m, int64_t n, int64_t k,
                                     RowPitches pitches);

// Autotune's candidates: rankModelled, and a rule whose tile's splits meet
// in a cluster of up to 8 once more: at 3 splits where the model estimates
// 3 below its own choice (36 tiles 4 ways take two waves of 132 SMs, 3 ways
// one) without the cost factor the pick puts on 3; at its best other
// count where its choice is 3. The first entry is kept first (the pick).
// Timing decides between them: the model alone, without that factor,
// picks 3 splits too often (docs/results/shapes.md).
std::vector<RankedRule> rankCandidates(const std::vector<DispatchRule> &rules,
                                       int64_t m, int64_t n, int64_t k,
                                       RowPitches pitches);

// The first rule without a cost whose class (if any) matches; -1.
int64_t unmodelledRule(const std::vector<DispatchRule> &rules, int64_t m,
                       int64_t n, int64_t k);

// The rule that serves M x N x K (-1: none, `why` says the nearest), for a
// modelled split-K member the splits per tile it runs (else 0), and for a
// modelled rule its estimate (ns; else 0).
int64_t pickRule(const std::vector<DispatchRule> &rules, int64_t m, int64_t n,
                 int64_t k, RowPitches pitches, std::string &why,
                 int64_t &splits, double &ns);

// "12.3 us".
std::string microseconds(double ns);

// The time (ns) of line copies (tile_rt_line_copies) that read and write
// `bytes` in `copies` operations.
double lineCopyNs(int64_t bytes, int64_t copies);

// Whether the pick on line copies, estimated `withCopies` ns with them,
// beats the pick in place, `inPlace` ns, by enough to trust.
bool lineCopiesPay(double withCopies, double inPlace);

} // namespace tilert

#endif // TILE_RT_MANIFEST_H
