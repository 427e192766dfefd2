//===- report.cpp - What a run prints and writes --------------------------===//

#include "report.h"
#include "errors.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace tilerun {

namespace {

std::string fmt(const char *f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), f, v);
  return buf;
}

// The first baseline is what "% of cuBLAS" and the verdicts refer to.
const Timed *baselineOf(const std::vector<Timed> &baselines) {
  return baselines.empty() ? nullptr : &baselines.front();
}

using Table = std::vector<std::vector<std::string>>;

// The summary's rows: a header, one per kernel, one per cuBLAS call.
Table summaryRows(const std::vector<KernelResult> &results,
                  const std::vector<Timed> &baselines, const Problem &p) {
  const Timed *base = baselineOf(baselines);
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"name", "schedule", "ms", "IQR ms", "TFLOP/s", "%cuBLAS",
                  "[IQR range]", "vs cuBLAS", "regs", "spills", "smem",
                  "blocks/SM", "waves", "check"});
  // The baseline's own row has no ratio to show.
  auto timeCells = [&](const Stats &s) {
    bool ratio = base && &s != &base->stats;
    Ratio r = ratio ? relativeSpeed(base->stats, s) : Ratio();
    return std::vector<std::string>{
        fmt("%.4f", s.median),
        fmt("%.4f", s.q25) + "-" + fmt("%.4f", s.q75),
        fmt("%.1f", tflops(p, s.median)),
        ratio ? fmt("%.1f%%", r.pct) : "-",
        ratio ? fmt("[%.1f", r.lo) + fmt("-%.1f]", r.hi) : "-",
        ratio ? verdictName(r.verdict) : "-"};
  };
  for (const KernelResult &r : results) {
    const Manifest &m = *r.manifest;
    // Bundles of one kernel name (say, two configs in two directories) are
    // told apart by their manifest paths.
    std::string name = m.kernel;
    for (const KernelResult &other : results)
      if (&other != &r && other.manifest->kernel == m.kernel)
        name = m.path;
    std::vector<std::string> row = {name, m.schedule};
    for (std::string &cell : timeCells(r.timed.stats))
      row.push_back(cell);
    for (std::string cell :
         {std::to_string(r.regs), std::to_string(r.localBytes),
          std::to_string(r.staticShared + m.dynamicSharedBytes),
          std::to_string(r.driverBlocks), fmt("%.2f", r.wavesPerSM),
          std::string(r.check.pass ? "PASS" : "FAIL")})
      row.push_back(cell);
    rows.push_back(row);
  }
  for (const Timed &b : baselines) {
    std::vector<std::string> row = {b.name, "-"};
    for (std::string &cell : timeCells(b.stats))
      row.push_back(cell);
    for (int i = 0; i < 6; ++i)
      row.push_back("-");
    rows.push_back(row);
  }
  return rows;
}

// Columns padded to their widest cell.
void printTable(const Table &rows) {
  std::vector<size_t> width(rows[0].size(), 0);
  for (const auto &row : rows)
    for (size_t i = 0; i < row.size(); ++i)
      width[i] = std::max(width[i], row[i].size());
  for (const auto &row : rows) {
    std::string line = " ";
    for (size_t i = 0; i < row.size(); ++i) {
      // Names left-aligned, numbers right-aligned.
      bool left = i < 2;
      std::string pad(width[i] - row[i].size(), ' ');
      line += " " + (left ? row[i] + pad : pad + row[i]);
    }
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    std::printf("%s\n", line.c_str());
  }
}

Json limitJson(int limit) {
  return limit == INT_MAX ? Json() : Json::integer(limit);
}

Json optionalInt(int64_t v) { return v < 0 ? Json() : Json::integer(v); }

Json optionalString(const std::string &s) {
  return s.empty() ? Json() : Json::string(s);
}

// Median, spread and sample counts of `t`, and its speed relative to the
// baseline, into `obj`.
void setTiming(Json &obj, const Timed &t, const Timed *base, const Problem &p) {
  const Stats &s = t.stats;
  obj.set("ms", Json::number(s.median));
  obj.set("ms_q25", Json::number(s.q25));
  obj.set("ms_q75", Json::number(s.q75));
  obj.set("ms_min", Json::number(s.min));
  obj.set("ms_max", Json::number(s.max));
  obj.set("samples", Json::integer(static_cast<int64_t>(s.count)));
  obj.set("block_warmups", Json::integer(t.warmups));
  obj.set("block_reps", Json::integer(t.reps));
  obj.set("tflops", Json::number(tflops(p, s.median)));
  Ratio r = base ? relativeSpeed(base->stats, s) : Ratio();
  obj.set("pct_cublas", base ? Json::number(r.pct) : Json());
  obj.set("pct_cublas_lo", base ? Json::number(r.lo) : Json());
  obj.set("pct_cublas_hi", base ? Json::number(r.hi) : Json());
  obj.set("vs_cublas", base ? Json::string(verdictName(r.verdict)) : Json());
}

Json stateJson(const GpuState &s) {
  if (!s.valid)
    return Json();
  Json o = Json::object();
  o.set("sm_clock_mhz", Json::integer(s.smClockMHz));
  o.set("mem_clock_mhz", Json::integer(s.memClockMHz));
  o.set("power_w", Json::number(s.powerW));
  o.set("temperature_c", Json::integer(s.temperatureC));
  o.set("clock_event_reasons", Json::unsignedInteger(s.clockEventReasons));
  return o;
}

Json deviceJson(const Gpu &gpu) {
  Json device = Json::object();
  device.set("name", Json::string(gpu.name));
  device.set("compute_capability",
             Json::string(std::to_string(gpu.limits.ccMajor) + "." +
                          std::to_string(gpu.limits.ccMinor)));
  device.set("sm_count", Json::integer(gpu.limits.smCount));
  device.set("l2_bytes", Json::integer(gpu.l2Bytes));
  device.set("driver_version", Json::integer(gpu.driverVersion));
  return device;
}

Json timingJson(const Options &opts, const TimingRecord &rec) {
  Json timing = Json::object();
  timing.set("l2", Json::string(opts.flushL2 ? "flush" : "warm"));
  timing.set("l2_flush_bytes",
             opts.flushL2 ? Json::integer(int64_t(rec.flushBytes)) : Json());
  timing.set("warmup_ms", Json::integer(opts.warmupMs));
  timing.set("rep_ms", opts.reps ? Json() : Json::integer(opts.repMs));
  timing.set("reps", opts.reps ? Json::integer(opts.reps) : Json());
  timing.set("rounds", Json::integer(opts.rounds));
  timing.set("order", Json::string("rotated"));
  timing.set("spread", Json::string("interquartile range; tie when the "
                                    "ranges overlap"));
  return timing;
}

Json gpuStateJson(const Gpu &gpu, const TimingRecord &rec) {
  Json state = Json::object();
  state.set("before", stateJson(rec.states.before));
  state.set("after", stateJson(rec.states.after));
  state.set("sm_clock_mhz_min", rec.states.smClockMin
                                    ? Json::integer(rec.states.smClockMin)
                                    : Json());
  state.set("sm_clock_mhz_max", rec.states.smClockMax
                                    ? Json::integer(rec.states.smClockMax)
                                    : Json());
  state.set("note",
            gpu.monitor.available() ? Json() : Json::string(gpu.monitor.why()));
  return state;
}

Json occupancyJson(const KernelResult &r) {
  Json occ = Json::object();
  occ.set("warps_per_block", Json::integer(r.occ.warpsPerBlock));
  occ.set("regs_per_warp", Json::integer(r.occ.regsPerWarp));
  occ.set("smem_per_block", Json::integer(r.occ.sharedPerBlock));
  occ.set("limit_registers", limitJson(r.occ.limitRegisters));
  occ.set("limit_shared", limitJson(r.occ.limitShared));
  occ.set("limit_warps", limitJson(r.occ.limitWarps));
  occ.set("limit_blocks", limitJson(r.occ.limitBlocks));
  occ.set("blocks_per_sm", Json::integer(r.occ.blocksPerSM));
  occ.set("limiter", Json::string(r.occ.limiter));
  occ.set("driver_blocks_per_sm", Json::integer(r.driverBlocks));
  occ.set("theoretical_pct", Json::number(r.occ.theoreticalPct));
  return occ;
}

Json kernelJson(const KernelResult &r, const Timed *base, const Problem &p) {
  const Manifest &m = *r.manifest;
  Json k = Json::object();
  k.set("manifest", Json::string(m.path));
  k.set("kernel", Json::string(m.kernel));
  k.set("ptx", Json::string(m.ptx));
  k.set("chip", optionalString(m.chip));
  k.set("schedule", Json::string(m.schedule));
  k.set("order", optionalString(m.order));
  k.set("group_m", optionalInt(m.groupM));
  k.set("block_m", Json::integer(m.blockM));
  k.set("block_n", Json::integer(m.blockN));
  k.set("block_k", Json::integer(m.blockK));
  k.set("num_warps", optionalInt(m.numWarps));
  k.set("num_stages", optionalInt(m.numStages));
  k.set("mma", Json::string(m.mma));
  k.set("a_type", Json::string(elemTypeName(m.aType)));
  k.set("b_type", Json::string(elemTypeName(m.bType)));
  k.set("c_type", Json::string(elemTypeName(m.cType)));
  k.set("acc_type", optionalString(m.accType));
  setTiming(k, r.timed, base, p);
  k.set("rel_err", r.check.nonFinite ? Json() : Json::number(r.check.relErr));
  k.set("error_bound", Json::number(r.check.bound));
  k.set("non_finite", Json::integer(r.check.nonFinite));
  k.set("elementwise_checked", Json::boolean(r.check.elementwise));
  k.set("elementwise_over_bound", Json::integer(r.check.overBound));
  k.set("elementwise_worst_ratio", Json::number(r.check.worstRatio));
  k.set("pass", Json::boolean(r.check.pass));
  k.set("regs", Json::integer(r.regs));
  k.set("spill_bytes", Json::integer(r.localBytes));
  k.set("static_smem", Json::integer(r.staticShared));
  k.set("dynamic_smem", Json::integer(m.dynamicSharedBytes));
  k.set("threads", Json::integer(m.threadsPerBlock));
  k.set("ptx_version", Json::integer(r.ptxVersion));
  k.set("binary_version", Json::integer(r.binaryVersion));
  k.set("occupancy", occupancyJson(r));
  k.set("grid", Json::integer(r.grid));
  k.set("cluster_m", Json::integer(m.clusterM));
  k.set("split_k", Json::integer(m.splitK));
  k.set("workspace_bytes", Json::integer(r.workspaceBytes));
  k.set("staged", Json::boolean(r.staging.staged));
  k.set("tiles", Json::integer(r.tiles));
  k.set("programs_per_sm",
        m.persistent ? Json::integer(r.programsPerSM) : Json());
  k.set("waves_per_sm", Json::number(r.wavesPerSM));
  k.set("tiles_per_program_min", Json::integer(r.tilesPerProgramMin));
  k.set("tiles_per_program_max", Json::integer(r.tilesPerProgramMax));
  return k;
}

// Written next to the target and renamed over it, so a failed or partial
// write never leaves a truncated file under the requested name.
void writeFileAtomically(const std::string &path, const std::string &text) {
  std::string tmp = path + ".tmp-XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0)
    die(kExitError, "cannot write --json file '%s': %s", path.c_str(),
        std::strerror(errno));
  bool ok = true;
  for (size_t done = 0; ok && done < text.size();) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    ok = n > 0;
    done += ok ? size_t(n) : 0;
  }
  int savedErrno = errno;
  ok = close(fd) == 0 && ok;
  if (ok && std::rename(tmp.c_str(), path.c_str()) == 0)
    return;
  savedErrno = errno ? errno : savedErrno;
  std::remove(tmp.c_str());
  die(kExitError, "cannot write --json file '%s': %s", path.c_str(),
      std::strerror(savedErrno));
}

} // namespace

void printTimes(const Gpu &gpu, const Options &opts, const Problem &p,
                const TimingRecord &rec, const std::vector<Timed> &baselines,
                const std::vector<Timed *> &timed) {
  std::printf("\ntiming: %lld round%s, each a block of launches of "
              "everything in an order rotated every round (block: ",
              static_cast<long long>(opts.rounds), opts.rounds == 1 ? "" : "s");
  if (opts.reps)
    std::printf("%lld samples", static_cast<long long>(opts.reps));
  else
    std::printf("samples for ~%lld ms", static_cast<long long>(opts.repMs));
  std::printf(" after ~%lld ms of untimed launches); ",
              static_cast<long long>(opts.warmupMs));
  if (opts.flushL2)
    std::printf("L2 flushed before every sample (%zu MiB written)\n",
                rec.flushBytes >> 20);
  else
    std::printf("warm L2, samples back to back\n");
  if (gpu.monitor.available())
    std::printf("gpu before timing: %s\ngpu after timing:  %s\nSM clock after "
                "each round: %u-%u MHz\n",
                describe(rec.states.before).c_str(),
                describe(rec.states.after).c_str(), rec.states.smClockMin,
                rec.states.smClockMax);
  else
    std::printf("gpu state: not recorded (%s)\n", gpu.monitor.why().c_str());
  const Timed *base = baselineOf(baselines);
  for (const Timed *t : timed) {
    const Stats &s = t->stats;
    std::printf("time %s: %.4f ms median (IQR %.4f-%.4f, min %.4f, max "
                "%.4f; %zu samples, %lld + %lld launches a block), %.1f "
                "TFLOP/s",
                t->name.c_str(), s.median, s.q25, s.q75, s.min, s.max, s.count,
                static_cast<long long>(t->warmups),
                static_cast<long long>(t->reps), tflops(p, s.median));
    if (base && t != base) {
      Ratio r = relativeSpeed(base->stats, s);
      std::printf(", %.1f%% of %s [%.1f-%.1f]: %s", r.pct, base->name.c_str(),
                  r.lo, r.hi, verdictName(r.verdict));
    }
    std::printf("\n");
  }
}

void printSummary(const std::vector<KernelResult> &results,
                  const std::vector<Timed> &baselines, const Problem &p) {
  Table rows = summaryRows(results, baselines, p);
  std::printf("\nsummary (median; IQR = 25th-75th percentile of the samples; "
              "a kernel whose IQR overlaps cuBLAS's is a tie):\n");
  printTable(rows);
}

Json resultJson(const Gpu &gpu, const Options &opts, const Problem &p,
                uint64_t seed, const std::vector<Timed> &baselines,
                const std::vector<KernelResult> &results,
                const TimingRecord &rec) {
  const Timed *base = baselineOf(baselines);
  Json root = Json::object();
  root.set("device", deviceJson(gpu));
  Json shape = Json::object();
  shape.set("m", Json::integer(p.m));
  shape.set("n", Json::integer(p.n));
  shape.set("k", Json::integer(p.k));
  root.set("shape", shape);
  root.set("dtype", Json::string(elemTypeName(p.inType)));
  root.set("c_type", Json::string(elemTypeName(p.outType)));
  root.set("layout", Json::string(p.layout));
  root.set("seed", Json::unsignedInteger(seed));
  root.set("timing", timingJson(opts, rec));
  root.set("gpu_state", gpuStateJson(gpu, rec));

  // "cublas" is the baseline; "baselines" lists every cuBLAS call timed.
  Json blasRuns = Json::array();
  for (const Timed &b : baselines) {
    Json o = Json::object();
    o.set("name", Json::string(b.name));
    setTiming(o, b, base, p);
    blasRuns.push(o);
  }
  root.set("cublas", base ? blasRuns.items().front() : Json());
  root.set("baselines", blasRuns);

  bool allPass = true;
  Json kernels = Json::array();
  for (const KernelResult &r : results) {
    allPass = allPass && r.check.pass;
    kernels.push(kernelJson(r, base, p));
  }
  root.set("kernels", kernels);
  root.set("pass", Json::boolean(allPass));
  return root;
}

void writeJson(const std::string &path, const std::vector<Json> &runs) {
  if (runs.size() == 1)
    return writeFileAtomically(path, runs.front().dump());
  Json all = Json::array();
  for (const Json &run : runs)
    all.push(run);
  Json root = Json::object();
  root.set("runs", all);
  writeFileAtomically(path, root.dump());
}

} // namespace tilerun
