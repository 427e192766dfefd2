//===- tile_runtime_module.cpp - Python binding of the tile runtime -------===//
//
// The module `tile_runtime`: runtime/include/tile_runtime.h as Python
// objects, so that tile_bench and tile_opt read, check, plan and launch
// bundles through the one implementation of the bundle contract.
//
// Errors become exceptions carrying the runtime's one line: BundleError for
// a refused manifest or PTX, UnsupportedError (a BundleError) for a problem
// a kernel cannot run, CudaError for the driver and the GPU.
//
// The hot path is Launcher.launch: one call with the sizes, three device
// pointers, a stream and the leading dimensions, a hash look-up of the
// problem's plan and tile_rt_launch (which repacks only when the pointers
// change).
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/ManifestSchema.h"
#include "tile/Conversion/TuneCache.h"
#include "tile_runtime.h"
#include "tile_runtime_driver.h"

#include <nanobind/nanobind.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace nb = nanobind;
using namespace nb::literals;

namespace {

// The C++ sides of the module's exceptions; unrelated types, so that each
// translates to its own Python class.
struct BundleError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct UnsupportedError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct CudaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void raise(const tile_rt_status &s) {
  switch (s.code) {
  case TILE_RT_UNSUPPORTED:
    throw UnsupportedError(s.message);
  case TILE_RT_BAD_BUNDLE:
  case TILE_RT_INVALID_ARGUMENT:
    throw BundleError(s.message);
  case TILE_RT_OUT_OF_MEMORY:
    throw std::bad_alloc();
  default:
    throw CudaError(s.message);
  }
}

void check(tile_rt_code code, const tile_rt_status &s) {
  if (code != TILE_RT_OK)
    raise(s);
}

tile_rt_dtype dtypeOf(const std::string &name) {
  for (tile_rt_dtype t : {TILE_RT_F16, TILE_RT_BF16, TILE_RT_F32})
    if (name == tile_rt_dtype_name(t))
      return t;
  throw nb::value_error(("unknown type '" + name + "'").c_str());
}

tile_rt_layout layoutOf(const std::string &name) {
  tile_rt_layout l;
  if (tile_rt_layout_from_name(name.c_str(), &l))
    return l;
  throw nb::value_error(("unknown layout '" + name + "'").c_str());
}

// tile_rt_line_copies from its value (0 model, 1 never, 2 always).
tile_rt_line_copies lineCopiesOf(int64_t value) {
  if (value < TILE_RT_LINE_COPIES_MODEL || value > TILE_RT_LINE_COPIES_ALWAYS)
    throw nb::value_error(("line_copies is " + std::to_string(value) +
                           "; expected 0 (the model's choice), 1 (never) or "
                           "2 (always)")
                              .c_str());
  return tile_rt_line_copies(value);
}

nb::tuple pair(const int64_t (&v)[2]) { return nb::make_tuple(v[0], v[1]); }

// A loaded manifest, or one member of a loaded dispatch manifest; members
// share their root's ownership.
// The most candidates Bundle.candidates returns (an autotune's limit).
constexpr size_t kMaxCandidates = 64;

struct Bundle {
  std::shared_ptr<tile_rt_bundle> root;
  const tile_rt_bundle *bundle;

  static Bundle load(const std::string &path) {
    tile_rt_bundle *b = nullptr;
    tile_rt_status s;
    check(tile_rt_bundle_load(path.c_str(), &b, &s), s);
    return Bundle{std::shared_ptr<tile_rt_bundle>(b, tile_rt_bundle_free), b};
  }

  Bundle other(const tile_rt_bundle *b) const { return Bundle{root, b}; }

  tile_rt_bundle_info info() const {
    tile_rt_bundle_info i;
    tile_rt_status s;
    check(tile_rt_bundle_get_info(bundle, &i, &s), s);
    return i;
  }

  // Every field of tile_rt_bundle_info, by its name there.
  nb::dict infoDict() const {
    tile_rt_bundle_info i = info();
    nb::dict d;
#define TILE_RT_COPY(field) d[#field] = i.field;
    // Strings and integers as they are.
    // clang-format off
    TILE_RT_COPY(path) TILE_RT_COPY(kernel) TILE_RT_COPY(ptx)
    TILE_RT_COPY(ptx_path) TILE_RT_COPY(schedule) TILE_RT_COPY(mma)
    TILE_RT_COPY(layouts) TILE_RT_COPY(chip) TILE_RT_COPY(order)
    TILE_RT_COPY(acc_type) TILE_RT_COPY(warp_specialize)
    TILE_RT_COPY(gpu_module) TILE_RT_COPY(block_m) TILE_RT_COPY(block_n)
    TILE_RT_COPY(block_k) TILE_RT_COPY(threads_per_block)
    TILE_RT_COPY(dynamic_shared_bytes) TILE_RT_COPY(group_m)
    TILE_RT_COPY(num_warps) TILE_RT_COPY(num_stages)
    TILE_RT_COPY(min_blocks_per_sm) TILE_RT_COPY(cluster_m)
    TILE_RT_COPY(swap_ab) TILE_RT_COPY(c_any_alignment)
    TILE_RT_COPY(split_k) TILE_RT_COPY(splits)
    TILE_RT_COPY(workspace_tile_bytes)
    TILE_RT_COPY(index_bitwidth) TILE_RT_COPY(m_multiple)
    TILE_RT_COPY(n_multiple) TILE_RT_COPY(k_multiple)
    TILE_RT_COPY(tma_swizzle_bytes) TILE_RT_COPY(l2_promotion)
    TILE_RT_COPY(param_count) TILE_RT_COPY(rule_count)
    TILE_RT_COPY(member_count)
    // clang-format on
#undef TILE_RT_COPY
                                                        d["a_type"] =
                                                            tile_rt_dtype_name(
                                                                i.a_type);
    d["b_type"] = tile_rt_dtype_name(i.b_type);
    d["c_type"] = tile_rt_dtype_name(i.c_type);
    d["tma_box_a"] = pair(i.tma_box_a);
    d["tma_box_b"] = pair(i.tma_box_b);
    d["tma_box_c"] = pair(i.tma_box_c);
    d["tma_box_a_tail"] = pair(i.tma_box_a_tail);
    d["persistent"] = bool(i.persistent);
    d["stream_k"] = bool(i.stream_k);
    d["uses_tma"] = bool(i.uses_tma);
    d["uses_workspace"] = bool(i.uses_workspace);
    return d;
  }

  std::vector<Bundle> members() const {
    std::vector<Bundle> out;
    for (size_t i = 0; i < info().member_count; ++i)
      out.push_back(other(tile_rt_bundle_member(bundle, i)));
    return out;
  }

  nb::list rules() const {
    nb::list out;
    for (size_t i = 0; i < info().rule_count; ++i) {
      tile_rt_rule r;
      tile_rt_status s;
      check(tile_rt_bundle_rule(bundle, i, &r, &s), s);
      nb::dict d;
      d["bundle"] = r.bundle;
      d["member"] = r.member;
      d["cost"] = r.cost[0] ? nb::cast(nb::make_tuple(r.cost[0], r.cost[1],
                                                      r.cost[2], r.cost[3],
                                                      r.cost[4]))
                            : nb::none();
      d["class"] = *r.shape_class ? nb::cast(r.shape_class) : nb::none();
      d["why"] = r.why;
      nb::list slots;
      for (int64_t v : r.cluster_slots)
        slots.append(v);
      d["cluster_slots"] = r.cluster_slots[0] ? nb::object(nb::tuple(slots))
                                              : nb::none();
      d["blocks_per_sm"] = r.blocks_per_sm;
      out.append(d);
    }
    return out;
  }

  // The cost model's time in ns of modelled rule `index` for a problem.
  double estimate(size_t index, const tile_rt_problem &p) const {
    double ns = 0;
    tile_rt_status s;
    check(tile_rt_rule_estimate(bundle, index, &p, &ns, &s), s);
    return ns;
  }

  std::vector<std::tuple<std::string, std::string>> params() const {
    std::vector<std::tuple<std::string, std::string>> out;
    for (size_t i = 0; i < info().param_count; ++i) {
      tile_rt_param p;
      tile_rt_status s;
      check(tile_rt_bundle_param(bundle, i, &p, &s), s);
      out.emplace_back(p.name, p.type);
    }
    return out;
  }

  nb::object staticValue(const std::string &param) const {
    int64_t v;
    if (!tile_rt_bundle_static(bundle, param.c_str(), &v))
      return nb::none();
    return nb::cast(v);
  }

  // A problem of this bundle's types in `layout` ("": the first it
  // serves), the operands' leading dimensions `lda` and `ldb` (0: dense).
  tile_rt_problem problem(int64_t m, int64_t n, int64_t k,
                          const std::string &layout, int64_t lda, int64_t ldb,
                          int64_t lineCopies = 0) const {
    tile_rt_bundle_info i = info();
    // (a dispatch manifest serves its members' layouts)
    std::string served =
        i.member_count ? other(tile_rt_bundle_member(bundle, 0)).info().layouts
                       : i.layouts;
    return tile_rt_problem{
        m,
        n,
        k,
        layoutOf(layout.empty() ? served.substr(0, 2) : layout),
        i.a_type,
        i.c_type,
        lda,
        ldb,
        0,
        0,
        lineCopiesOf(lineCopies)};
  }

  // The member, why, the programs per tile the model chose for a split-K
  // member (0: its split_k) and the line copies it runs with
  // (tile_rt_line_copies: 1 never, 2 always).
  std::tuple<Bundle, std::string, int64_t, int64_t>
  pick(const tile_rt_problem &p) const {
    const tile_rt_bundle *kernel = nullptr;
    int64_t splits = 0;
    tile_rt_line_copies lines;
    char why[TILE_RT_MESSAGE_BYTES];
    tile_rt_status s;
    check(tile_rt_bundle_pick(bundle, &p, &kernel, &splits, &lines, why,
                              sizeof(why), &s),
          s);
    return {other(kernel), why, splits, int64_t(lines)};
  }

  // tile_rt_bundle_candidates: (member, rule, splits, estimate in ns) of
  // up to `count` ways to run the problem, the pick first.
  std::vector<std::tuple<Bundle, int64_t, int64_t, double>>
  candidates(const tile_rt_problem &p, size_t count) const {
    std::vector<tile_rt_candidate> c(
        std::clamp<size_t>(count, 1, kMaxCandidates));
    size_t written = 0;
    tile_rt_status s;
    check(
        tile_rt_bundle_candidates(bundle, &p, c.data(), c.size(), &written, &s),
        s);
    std::vector<std::tuple<Bundle, int64_t, int64_t, double>> out;
    for (size_t i = 0; i < written; ++i)
      out.emplace_back(other(c[i].kernel), c[i].rule, c[i].splits, c[i].ns);
    return out;
  }

  nb::dict loadKernel() const {
    tile_rt_kernel_info i;
    tile_rt_status s;
    check(tile_rt_kernel_load(bundle, &i, &s), s);
    nb::dict d;
    d["regs"] = i.regs;
    d["local_bytes"] = i.local_bytes;
    d["static_shared"] = i.static_shared;
    d["max_threads"] = i.max_threads;
    d["ptx_version"] = i.ptx_version;
    d["binary_version"] = i.binary_version;
    d["blocks_per_sm"] = i.blocks_per_sm;
    d["max_active_clusters"] = i.max_active_clusters;
    d["sm_count"] = i.sm_count;
    d["shared_optin"] = i.shared_optin;
    d["function"] = reinterpret_cast<uintptr_t>(i.function);
    return d;
  }
};

struct Plan {
  std::shared_ptr<tile_rt_bundle> root;
  std::unique_ptr<tile_rt_plan, void (*)(tile_rt_plan *)> plan{
      nullptr, tile_rt_plan_free};

  explicit Plan(std::shared_ptr<tile_rt_bundle> r) : root(std::move(r)) {}
  Plan(Plan &&) = default;
  Plan &operator=(Plan &&) = default;
  Plan(const Plan &) = delete;

  tile_rt_plan_info info() const {
    tile_rt_plan_info i;
    tile_rt_status s;
    check(tile_rt_plan_get_info(plan.get(), &i, &s), s);
    return i;
  }

  nb::dict infoDict() const {
    tile_rt_plan_info i = info();
    nb::dict d;
    d["kernel"] = Bundle{root, i.kernel};
    d["rule"] = i.rule;
    d["staged"] = bool(i.staged);
    d["kp"] = i.kp;
    d["np"] = i.np;
    d["mp"] = i.mp;
    d["a_copy_bytes"] = i.a_copy_bytes;
    d["b_copy_bytes"] = i.b_copy_bytes;
    d["c_copy_bytes"] = i.c_copy_bytes;
    d["tiles"] = i.tiles;
    d["splits"] = i.splits;
    d["grid"] = i.grid;
    d["cluster_m"] = i.cluster_m;
    d["tiles_per_program_min"] = i.tiles_per_program_min;
    d["tiles_per_program_max"] = i.tiles_per_program_max;
    d["workspace_bytes"] = i.workspace_bytes;
    d["param_count"] = i.param_count;
    return d;
  }

  std::vector<std::tuple<std::string, std::string, int64_t>> params() const {
    std::vector<std::tuple<std::string, std::string, int64_t>> out;
    for (size_t i = 0; i < info().param_count; ++i) {
      tile_rt_param p;
      tile_rt_status s;
      check(tile_rt_plan_param(plan.get(), i, &p, &s), s);
      out.emplace_back(p.name, p.type, p.value);
    }
    return out;
  }

  nb::dict tma(int operand) const {
    tile_rt_tma t;
    tile_rt_status s;
    check(tile_rt_plan_tma(plan.get(), operand, &t, &s), s);
    nb::dict d;
    d["operand"] = std::string(1, "ABC"[t.operand]);
    d["dtype"] = tile_rt_dtype_name(t.type);
    d["rows"] = t.rows;
    d["cols"] = t.cols;
    d["pitch"] = t.pitch;
    d["row_bytes"] = t.row_bytes;
    d["box"] = pair(t.box);
    d["swizzle_bytes"] = t.swizzle_bytes;
    d["l2_promotion"] = t.l2_promotion;
    return d;
  }

  std::string text(tile_rt_text what) const {
    std::string out(tile_rt_plan_text(plan.get(), what, nullptr, 0), '\0');
    tile_rt_plan_text(plan.get(), what, out.data(), out.size() + 1);
    return out;
  }
};

Plan makePlan(const Bundle &b, int64_t m, int64_t n, int64_t k,
              const std::string &layout, const std::string &aType,
              const std::string &cType, int64_t smCount, int64_t programsPerSm,
              int64_t maxClusters, int64_t lda, int64_t ldb, int64_t ldc,
              int64_t splits, int64_t lineCopies) {
  tile_rt_problem p{
      m,   n,   k,   layoutOf(layout), dtypeOf(aType),          dtypeOf(cType),
      lda, ldb, ldc, splits,           lineCopiesOf(lineCopies)};
  tile_rt_device d{smCount, programsPerSm, maxClusters};
  Plan out{b.root};
  tile_rt_plan *raw = nullptr;
  tile_rt_status s;
  check(tile_rt_plan_create(b.bundle, &p, smCount > 0 ? &d : nullptr, &raw, &s),
        s);
  out.plan.reset(raw);
  return out;
}

// The orientation (transposed or not) and leading dimension of a rows x
// cols view of strides (stride0, stride1) by the runtime's rule
// (tile_rt_operand_layout); `transposed` asks for one, None for either.
std::tuple<bool, int64_t> operandLayout(int64_t rows, int64_t cols,
                                        int64_t stride0, int64_t stride1,
                                        std::optional<bool> transposed) {
  tile_rt_orientation want = !transposed   ? TILE_RT_EITHER
                             : *transposed ? TILE_RT_TRANSPOSED
                                           : TILE_RT_ROW_MAJOR;
  tile_rt_orientation stored;
  int64_t ld;
  tile_rt_status s;
  check(tile_rt_operand_layout(rows, cols, stride0, stride1, want, &stored, &ld,
                               &s),
        s);
  return {stored == TILE_RT_TRANSPOSED, ld};
}

// One bundle (a kernel or a dispatch manifest) launched for one layout and
// pair of types: a plan per problem (shape and leading dimensions), each
// bound to the buffers the caller allocated for it, launched with the
// operands' pointers. A bundle's kernels load into one context (the one
// current at its first prepare), so a launcher serves one device: it
// launches only while a context of that device is current. Its plans are
// guarded by a mutex, for callers that launch without the GIL.
class Launcher {
public:
  // `splits`: a split-K kernel's programs per tile for every problem (0: the
  // model's choice, or split_k), as a calibration times each; `lineCopies`
  // the problems' tile_rt_line_copies (0: the model's choice).
  Launcher(Bundle bundle, const std::string &layout, const std::string &aType,
           const std::string &cType, int64_t splits, int64_t lineCopies)
      : bundle_(std::move(bundle)), layout_(layout), aType_(aType),
        cType_(cType), splits_(splits), lineCopies_(lineCopiesOf(lineCopies)) {
    tile_rt_layout l = layoutOf(layout);
    aTransposed_ = tile_rt_layout_transposes(l, 0);
    bTransposed_ = tile_rt_layout_transposes(l, 1);
    dtypeOf(aType);
    dtypeOf(cType);
  }
  Launcher(const Launcher &) = delete;
  Launcher &operator=(const Launcher &) = delete;

  // The problem: M, N, K, lda, ldb, ldc.
  using Key = std::array<int64_t, 6>;

  // A leading dimension equal to its row's length is dense (0), so that
  // callers passing either share one plan.
  Key key(int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb,
          int64_t ldc) const {
    return {m,
            n,
            k,
            lda == (aTransposed_ ? m : k) ? 0 : lda,
            ldb == (bTransposed_ ? k : n) ? 0 : ldb,
            ldc == n ? 0 : ldc};
  }

  // Plans M x N x K with leading dimensions `leads` on the member the
  // bundle picks, loaded into the current context for its grid figures; the
  // plan waits for bind(). Returns the member, why it was picked and the
  // buffer sizes the plan needs.
  // With `chosen` (one of the bundle's candidates, a tuner's choice), plans
  // that member at `chosenSplits` instead, `chosenWhy` saying why.
  nb::dict prepare(int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb,
                   int64_t ldc, std::optional<Bundle> chosen,
                   int64_t chosenSplits, const std::string &chosenWhy) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (chosen && chosen->root != bundle_.root)
      throw BundleError("prepare: the chosen kernel is not of this "
                        "launcher's bundle");
    // (a chosen candidate runs on the rows the pick runs on)
    auto [member, why, splits, lines] =
        bundle_.pick(bundle_.problem(m, n, k, layout_, lda, ldb, lineCopies_));
    if (chosen)
      std::tie(member, why, splits) =
          std::make_tuple(*chosen, chosenWhy, chosenSplits);
    place();
    tile_rt_kernel_info ki;
    tile_rt_status s;
    check(tile_rt_kernel_load(member.bundle, &ki, &s), s);
    Entry e{makePlan(member, m, n, k, layout_, aType_, cType_, ki.sm_count,
                     ki.blocks_per_sm, ki.max_active_clusters, lda, ldb, ldc,
                     splits_ ? splits_ : splits, lines),
            tile_rt_buffers{}, false};
    nb::dict d = e.plan.infoDict();
    d["why"] = why;
    d["staging"] = e.plan.text(TILE_RT_TEXT_STAGING);
    d["regs"] = ki.regs;
    if (plans_.size() >= kMaxPlans)
      plans_.clear();
    plans_.insert_or_assign(key(m, n, k, lda, ldb, ldc), std::move(e));
    return d;
  }

  // The buffers of the problem's plan (0 where it needs none): the
  // workspace and the padded copies of a staged problem.
  void bind(int64_t m, int64_t n, int64_t k, uint64_t workspace, uint64_t aCopy,
            uint64_t bCopy, uint64_t cCopy, int64_t lda, int64_t ldb,
            int64_t ldc) {
    Key problem = key(m, n, k, lda, ldb, ldc);
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = plans_.find(problem);
    if (it == plans_.end()) {
      std::string leads;
      for (int i = 0; i < 3; ++i)
        if (problem[3 + i])
          leads += std::string(" ld") + "abc"[i] + "=" +
                   std::to_string(problem[3 + i]);
      throw BundleError("shape " + std::to_string(m) + "x" + std::to_string(n) +
                        "x" + std::to_string(k) + leads + " is not prepared");
    }
    it->second.buffers = tile_rt_buffers{0, 0, 0, workspace, aCopy, bCopy,
                                         cCopy};
    it->second.bound = true;
  }

  // C = A B on `stream`; false (nothing launched) when the problem has no
  // bound plan yet.
  bool launch(int64_t m, int64_t n, int64_t k, uint64_t a, uint64_t b,
              uint64_t c, uintptr_t stream, int64_t lda, int64_t ldb,
              int64_t ldc) {
    tile_rt_status s;
    int r = launchC(key(m, n, k, lda, ldb, ldc), a, b, c,
                    reinterpret_cast<void *>(stream), s);
    if (r == 2)
      raise(s);
    return r == 0;
  }

  // launch() without exceptions: 0 launched, 1 not planned or not in a
  // context of the launcher's device, 2 failed (`s` says why).
  int launchC(const Key &problem, uint64_t a, uint64_t b, uint64_t c,
              void *stream, tile_rt_status &s) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = plans_.find(problem);
    // A bound plan was prepared, so the driver is loaded.
    CUdevice current;
    if (it == plans_.end() || !it->second.bound ||
        tilert::cu().cuCtxGetDevice(&current) != CUDA_SUCCESS ||
        current != device_)
      return 1;
    Entry &e = it->second;
    e.buffers.a = a;
    e.buffers.b = b;
    e.buffers.c = c;
    return tile_rt_launch(e.plan.plan.get(), &e.buffers, stream, &s) ==
                   TILE_RT_OK
               ? 0
               : 2;
  }

  size_t size() const { return plans_.size(); }

  // The ordinal of the device it serves; -1 before its first prepare.
  int ordinal() const { return ordinal_.load(std::memory_order_relaxed); }

private:
  // Ties the launcher to the device of the current context on its first
  // prepare; refuses another device's context after that.
  void place() {
    std::string why;
    if (!tilert::loadDriver(why))
      throw CudaError("no CUDA driver (" + why + ")");
    const tilert::DriverApi &d = tilert::cu();
    CUdevice current;
    if (d.cuCtxGetDevice(&current) != CUDA_SUCCESS)
      throw CudaError("no current CUDA context to load the kernels into");
    if (ordinal() >= 0) {
      if (current != device_)
        throw CudaError("this launcher's kernels are loaded on cuda:" +
                        std::to_string(ordinal()) +
                        "; the current context is another device's");
      return;
    }
    int count = 0;
    d.cuDeviceGetCount(&count);
    for (int i = 0; i < count; ++i) {
      CUdevice dev;
      if (d.cuDeviceGet(&dev, i) == CUDA_SUCCESS && dev == current) {
        device_ = current;
        ordinal_ = i;
        return;
      }
    }
    throw CudaError("the current context's device has no ordinal");
  }

  // Problems whose plans are kept; dynamic shapes can be many.
  static constexpr size_t kMaxPlans = 4096;
  struct KeyHash {
    size_t operator()(const Key &k) const {
      size_t h = 0;
      for (int64_t v : k)
        h = h * 1000003u ^ std::hash<int64_t>()(v);
      return h;
    }
  };
  struct Entry {
    Plan plan;
    tile_rt_buffers buffers;
    bool bound;
  };

  Bundle bundle_;
  std::string layout_, aType_, cType_;
  int64_t splits_;
  tile_rt_line_copies lineCopies_;
  bool aTransposed_, bTransposed_;
  CUdevice device_ = -1;
  std::atomic<int> ordinal_{-1};
  std::mutex mutex_;
  std::unordered_map<Key, Entry, KeyHash> plans_;
};

// torch's context on device `ordinal` (its primary context) made current in
// this thread, so modules and launches share torch's memory and streams;
// nothing is changed when a context of that device is current already
// (torch's device guards make its primary context current). Each device's
// primary context is retained once per process.
void usePrimaryContext(int ordinal) {
  std::string why;
  if (!tilert::loadDriver(why))
    throw CudaError("no CUDA driver (" + why + ")");
  const tilert::DriverApi &d = tilert::cu();
  static std::mutex mutex;
  static std::unordered_map<int, std::pair<CUdevice, CUcontext>> retained;
  CUdevice dev = -1;
  CUcontext ctx = nullptr;
  CUresult r = CUDA_SUCCESS;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = retained.find(ordinal);
    if (it != retained.end()) {
      std::tie(dev, ctx) = it->second;
    } else {
      r = d.cuInit(0);
      if (r == CUDA_SUCCESS)
        r = d.cuDeviceGet(&dev, ordinal);
      if (r == CUDA_SUCCESS)
        r = d.cuDevicePrimaryCtxRetain(&ctx, dev);
      if (r == CUDA_SUCCESS)
        retained.emplace(ordinal, std::make_pair(dev, ctx));
    }
  }
  CUdevice current;
  if (r == CUDA_SUCCESS && d.cuCtxGetDevice(&current) == CUDA_SUCCESS &&
      current == dev)
    return;
  if (r == CUDA_SUCCESS)
    r = d.cuCtxSetCurrent(ctx);
  if (r != CUDA_SUCCESS)
    throw CudaError("cannot make the primary context of cuda:" +
                    std::to_string(ordinal) +
                    " current: " + tilert::cuErrorText(r));
}

// tile_rt_model_estimate of a (block_m, block_n, block_k, split_k, a_bytes,
// b_bytes, c_bytes, stream_k, swap_ab) tile, its splits in clusters with
// `clusterSlots`, `blocksPerSm` resident per SM outside them; with `splits`,
// as a rule picks.
double modelEstimate(const std::array<int64_t, 9> &tile,
                     const std::array<int64_t, 8> &clusterSlots,
                     int64_t blocksPerSm, const std::array<double, 5> &cost,
                     int64_t m, int64_t n, int64_t k,
                     const std::array<int64_t, 2> &pitches, int64_t *splits) {
  tile_rt_model_tile t{tile[0], tile[1], tile[2], tile[3],     tile[4], tile[5],
                       tile[6], tile[7], {},      blocksPerSm, tile[8]};
  std::copy(clusterSlots.begin(), clusterSlots.end(), t.cluster_slots);
  double ns = 0;
  tile_rt_status s;
  check(tile_rt_model_estimate(&t, cost.data(), m, n, k, pitches[0], pitches[1],
                               &ns, splits, &s),
        s);
  return ns;
}

} // namespace

// The launch a C++ caller (tile_opt's torch extension) makes without
// Python: `launcher` is Launcher.address(); 0 launched, 1 not planned, the
// launcher not of `device` or no context of `device` current in this thread
// (the caller then takes the Python path, which plans, makes the context
// current and reports errors), 2 failed.
extern "C" int tile_runtime_launch(void *launcher, int device, int64_t m,
                                   int64_t n, int64_t k, int64_t lda,
                                   int64_t ldb, int64_t ldc, uint64_t a,
                                   uint64_t b, uint64_t c, void *stream) {
  auto *l = static_cast<Launcher *>(launcher);
  if (device != l->ordinal())
    return 1;
  tile_rt_status s;
  return l->launchC(l->key(m, n, k, lda, ldb, ldc), a, b, c, stream, s);
}

NB_MODULE(tile_runtime, m) {
  m.doc() = "The tile-opt bundle contract (runtime/include/tile_runtime.h).";
  // tile_opt's C++ path keeps the launchers it serves for good, on purpose.
  nb::set_leak_warnings(false);
  nb::exception<BundleError>(m, "BundleError");
  // Split-K members above it add their splits through the workspace (the
  // compiler's and the runtime's one threshold, for the fit script).
  m.attr("max_cluster_splits") = tile_manifest::kMaxClusterSplits;
  m.attr("max_candidates") = kMaxCandidates;
  nb::exception<UnsupportedError>(m, "UnsupportedError",
                                  m.attr("BundleError"));
  nb::exception<CudaError>(m, "CudaError");
  m.attr("MESSAGE_BYTES") = TILE_RT_MESSAGE_BYTES;
  m.attr("MAX_SIZE") = TILE_RT_MAX_SIZE;
  m.attr("MAX_MANIFEST_BYTES") = TILE_RT_MAX_MANIFEST_BYTES;
  m.attr("MAX_PTX_BYTES") = TILE_RT_MAX_PTX_BYTES;

  nb::enum_<tile_rt_text>(m, "Text")
      .value("PICK", TILE_RT_TEXT_PICK)
      .value("STAGING", TILE_RT_TEXT_STAGING)
      .value("WORKSPACE", TILE_RT_TEXT_WORKSPACE);

  m.def("load", &Bundle::load, "path"_a,
        "Reads and validates a manifest and its PTX, or a dispatch manifest "
        "and its members (tile_rt_bundle_load).");
  m.def(
      "dtype_bytes",
      [](const std::string &type) {
        return tile_rt_dtype_bytes(dtypeOf(type));
      },
      "type"_a, "Bytes of an element of a type: \"f16\", \"bf16\" or \"f32\".");
  m.def(
      "parse_shape",
      [](nb::handle text) {
        // What no C string holds as given (not a str, a lone surrogate, a
        // NUL) is refused as the empty text is.
        std::string chars;
        if (!nb::try_cast(text, chars) || chars.find('\0') != std::string::npos)
          chars.clear();
        int64_t mnk[3];
        tile_rt_status s;
        check(tile_rt_parse_shape(chars.c_str(), mnk, &s), s);
        return std::make_tuple(mnk[0], mnk[1], mnk[2]);
      },
      "text"_a.none(),
      "(M, N, K) from \"MxNxK\" (tile_rt_parse_shape); BundleError with the "
      "runtime's line for anything else.");
  m.def(
      "tune_cache_key",
      [](nb::dict entry) {
        using tile_tune_cache::Value;
        std::deque<std::string> texts; // what the Values point into
        std::string why;
        auto key = tile_tune_cache::readKey(
            [&](const char *name) {
              if (!entry.contains(name))
                return Value{Value::Absent, {}};
              nb::handle v = entry[name];
              if (v.is_none())
                return Value{Value::Null, {}};
              if (!nb::isinstance<nb::str>(v))
                return Value{Value::Other, {}};
              // A lone surrogate becomes U+FFFD, as tile-opt's JSON reader
              // makes it (UTF-16 with the surrogates passed, decoded with
              // replacement).
              nb::bytes utf8 = nb::cast<nb::bytes>(
                  v.attr("encode")("utf-16", "surrogatepass")
                      .attr("decode")("utf-16", "replace")
                      .attr("encode")("utf-8"));
              return Value{Value::String,
                           texts.emplace_back(utf8.c_str(), utf8.size())};
            },
            why);
        if (!key)
          throw BundleError(why);
        return std::make_tuple(key->chip, key->dtype, key->cType, key->layout,
                               key->shapeClass);
      },
      "entry"_a,
      "(chip or None, dtype, c_type, layout, class): the key of a tune cache "
      "entry, by which tile-tune merges and config=auto reads "
      "(include/tile/Conversion/TuneCache.h); BundleError with the reason "
      "for an entry without one.");
  m.def(
      "shape_class",
      [](int64_t mm, int64_t n, int64_t k) {
        std::string out(tile_rt_shape_class(mm, n, k, nullptr, 0), '\0');
        if (out.empty())
          throw UnsupportedError("shape " + std::to_string(mm) + "x" +
                                 std::to_string(n) + "x" + std::to_string(k) +
                                 " has a size outside 1 to 2^31 - 1");
        tile_rt_shape_class(mm, n, k, out.data(), out.size() + 1);
        return out;
      },
      "m"_a, "n"_a, "k"_a, "tile-tune's class of a shape.");
  m.def(
      "model_estimate",
      [](std::array<int64_t, 9> tile, std::array<double, 5> cost, int64_t mm,
         int64_t n, int64_t k, std::array<int64_t, 8> clusterSlots,
         int64_t blocksPerSm, std::array<int64_t, 2> pitches) {
        return modelEstimate(tile, clusterSlots, blocksPerSm, cost, mm, n, k,
                             pitches, nullptr);
      },
      "tile"_a, "cost"_a, "m"_a, "n"_a, "k"_a,
      "cluster_slots"_a = std::array<int64_t, 8>{}, "blocks_per_sm"_a = 1,
      "pitches"_a = std::array<int64_t, 2>{},
      "The cost model's time in ns (tile_rt_model_estimate): tile is "
      "(block_m, block_n, block_k, split_k, a_bytes, b_bytes, c_bytes, "
      "stream_k: 1 for hybrid Stream-K, else 0, swap_ab: 1 for a transposed "
      "member, else 0), cost "
      "(SMs, ps per K step of a tile, ns per tile, ns per launch, bytes per "
      "ns), cluster_slots the blocks resident at once in clusters of 1 to 8 "
      "where the tile's splits run as one cluster (all 0: blocks_per_sm per "
      "SM), blocks_per_sm a rule's, pitches the bytes between A's and "
      "between B's rows (0: whole L2 lines).");
  m.def(
      "model_least",
      [](std::array<int64_t, 9> tile, std::array<double, 5> cost, int64_t mm,
         int64_t n, int64_t k, std::array<int64_t, 8> clusterSlots,
         int64_t blocksPerSm, std::array<int64_t, 2> pitches) {
        int64_t splits = 0;
        double ns = modelEstimate(tile, clusterSlots, blocksPerSm, cost, mm, n,
                                  k, pitches, &splits);
        return std::make_tuple(ns, splits);
      },
      "tile"_a, "cost"_a, "m"_a, "n"_a, "k"_a,
      "cluster_slots"_a = std::array<int64_t, 8>{}, "blocks_per_sm"_a = 1,
      "pitches"_a = std::array<int64_t, 2>{},
      "(ns, splits) as a dispatch rule picks (tile_rt_model_estimate with "
      "splits): a split-K tile at the splits per tile, 2 to split_k in "
      "powers of two and 3 at a cost factor of 1.25 (1.1 for a swap_ab "
      "tile), that estimate least.");
  m.def(
      "visit_order",
      [](int64_t round, int64_t count) {
        // (one element at least: a count the runtime refuses gets its line)
        std::vector<int64_t> order(
            size_t(std::clamp<int64_t>(count, 1, 65536)));
        tile_rt_status s;
        check(tile_rt_visit_order(round, count, order.data(), &s), s);
        return order;
      },
      "round"_a, "count"_a,
      "The order in which a timing harness visits `count` entries in round "
      "`round` (tile_rt_visit_order): every entry directly follows every "
      "other equally often over count rounds (an even count) or twice that.");
  m.def(
      "check_bounds",
      [](const std::string &in, const std::string &out, int64_t k) {
        tile_rt_check_bounds b;
        tile_rt_status s;
        check(tile_rt_check_bounds_of(dtypeOf(in), dtypeOf(out), k, &b, &s), s);
        nb::dict d;
        d["frobenius"] = b.frobenius;
        d["per_ref"] = b.per_ref;
        d["per_magnitude"] = b.per_magnitude;
        d["absolute"] = b.absolute;
        d["elementwise"] = b.elementwise != 0;
        return d;
      },
      "in_type"_a, "out_type"_a, "k"_a,
      "How a result of depth k is checked (tile_rt_check_bounds_of): the "
      "relative Frobenius bound, and each element's |C - C_ref| within "
      "per_ref |C_ref| + per_magnitude (|A|.|B|) + absolute where "
      "elementwise.");
  m.def("operand_layout", &operandLayout, "rows"_a, "cols"_a, "stride0"_a,
        "stride1"_a, "transposed"_a = nb::none(),
        "(transposed, leading dimension) of a rows x cols view with these "
        "strides (elements), by the runtime's rule (tile_rt_operand_layout); "
        "`transposed` asks for one orientation, None for either (row-major "
        "first). Raises UnsupportedError with the rule's line.");
  m.def("use_primary_context", &usePrimaryContext, "ordinal"_a,
        "Makes the primary context of CUDA device `ordinal` current in this "
        "thread.");

  nb::class_<Bundle>(m, "Bundle")
      .def("info", &Bundle::infoDict, "tile_rt_bundle_info as a dict.")
      .def("members", &Bundle::members)
      .def("rules", &Bundle::rules)
      .def(
          "estimate",
          [](const Bundle &b, size_t index, int64_t m, int64_t n, int64_t k,
             const std::string &layout, int64_t lda, int64_t ldb) {
            return b.estimate(index, b.problem(m, n, k, layout, lda, ldb));
          },
          "index"_a, "m"_a, "n"_a, "k"_a, "layout"_a = "", "lda"_a = 0,
          "ldb"_a = 0)
      .def("params", &Bundle::params)
      .def("static", &Bundle::staticValue, "param"_a)
      .def(
          "pick",
          [](const Bundle &b, int64_t m, int64_t n, int64_t k,
             const std::string &layout, int64_t lda, int64_t ldb,
             int64_t lineCopies) {
            return b.pick(b.problem(m, n, k, layout, lda, ldb, lineCopies));
          },
          "m"_a, "n"_a, "k"_a, "layout"_a = "", "lda"_a = 0, "ldb"_a = 0,
          "line_copies"_a = 0,
          "(member, why, splits, line_copies) for the problem in `layout` "
          "(\"\": the bundle's first), lda and ldb its leading dimensions (0: "
          "dense), line_copies as asked (0: the model's choice) and as run "
          "(1 never, 2 always).")
      .def(
          "candidates",
          [](const Bundle &b, int64_t m, int64_t n, int64_t k, size_t count,
             const std::string &layout, int64_t lda, int64_t ldb) {
            return b.candidates(b.problem(m, n, k, layout, lda, ldb), count);
          },
          "m"_a, "n"_a, "k"_a, "count"_a, "layout"_a = "", "lda"_a = 0,
          "ldb"_a = 0)
      .def("load_kernel", &Bundle::loadKernel,
           "Loads the kernel into the current context; tile_rt_kernel_info.")
      .def("plan", &makePlan, "m"_a, "n"_a, "k"_a, "layout"_a = "nn",
           "a_type"_a, "c_type"_a, "sm_count"_a = 0, "programs_per_sm"_a = 0,
           "max_clusters"_a = 0, "lda"_a = 0, "ldb"_a = 0, "ldc"_a = 0,
           "splits"_a = 0, "line_copies"_a = 0)
      .def("same", [](const Bundle &a, const Bundle &b) {
        return a.bundle == b.bundle;
      });

  nb::class_<Plan>(m, "Plan")
      .def("info", &Plan::infoDict)
      .def("params", &Plan::params)
      .def("tma", &Plan::tma, "operand"_a)
      .def("text", &Plan::text, "what"_a);

  nb::class_<Launcher>(m, "Launcher")
      .def(nb::init<Bundle, const std::string &, const std::string &,
                    const std::string &, int64_t, int64_t>(),
           "bundle"_a, "layout"_a, "a_type"_a, "c_type"_a, "splits"_a = 0,
           "line_copies"_a = 0)
      .def("prepare", &Launcher::prepare, "m"_a, "n"_a, "k"_a, "lda"_a = 0,
           "ldb"_a = 0, "ldc"_a = 0, "chosen"_a = nb::none(), "splits"_a = 0,
           "why"_a = "")
      .def("bind", &Launcher::bind, "m"_a, "n"_a, "k"_a, "workspace"_a,
           "a_copy"_a, "b_copy"_a, "c_copy"_a, "lda"_a = 0, "ldb"_a = 0,
           "ldc"_a = 0)
      .def("launch", &Launcher::launch, "m"_a, "n"_a, "k"_a, "a"_a, "b"_a,
           "c"_a, "stream"_a, "lda"_a = 0, "ldb"_a = 0, "ldc"_a = 0)
      .def("__len__", &Launcher::size)
      .def_prop_ro(
          "device",
          [](const Launcher &l) {
            return l.ordinal() < 0 ? nb::none() : nb::cast(l.ordinal());
          },
          "The ordinal of the device whose context its kernels are loaded "
          "into (on its first prepare); None before.")
      .def(
          "address",
          [](Launcher &l) { return reinterpret_cast<uintptr_t>(&l); },
          "The launcher for tile_runtime_launch (valid while it lives).");
  m.def(
      "launch_function",
      [] { return reinterpret_cast<uintptr_t>(&tile_runtime_launch); },
      "The address of tile_runtime_launch, for C++ callers.");
  m.def(
      "layout_function",
      [] { return reinterpret_cast<uintptr_t>(&tile_rt_operand_layout); },
      "The address of tile_rt_operand_layout, for C++ callers.");
}
