//===- report.cpp - What a run prints and writes --------------------------===//

#include "report.h"
#include "errors.h"

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
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
    const tile_rt_bundle_info &m = r.info;
    // Bundles of one kernel name (say, two configs in two directories) are
    // told apart by their manifest paths.
    std::string name = m.kernel;
    for (const KernelResult &other : results)
      if (&other != &r && name == other.info.kernel)
        name = m.path;
    // One manifest given twice (--programs-per-sm per manifest): its grid.
    for (const KernelResult &other : results)
      if (&other != &r && m.persistent &&
          std::string(m.path) == other.info.path) {
        name = std::string(m.path) + " (" + std::to_string(r.programsPerSM) +
               "/SM)";
        break;
      }
    std::vector<std::string> row = {name, m.schedule};
    for (std::string &cell : timeCells(r.timed.stats))
      row.push_back(cell);
    for (std::string cell :
         {std::to_string(r.resources.regs),
          std::to_string(r.resources.local_bytes),
          std::to_string(r.resources.static_shared + m.dynamic_shared_bytes),
          std::to_string(r.resources.blocks_per_sm), fmt("%.2f", r.wavesPerSM),
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

Json limitJson(int limit) { return limit == INT_MAX ? Json() : Json(limit); }

Json optionalInt(int64_t v) { return v < 0 ? Json() : Json(v); }

Json optionalString(const char *s) { return *s ? Json(s) : Json(); }

// JSON has no NaN or infinity; null says "no value" honestly.
Json number(double v) { return std::isfinite(v) ? Json(v) : Json(); }

// Median, spread and sample counts of `t`, and its speed relative to the
// baseline, into `obj`.
void setTiming(Json &obj, const Timed &t, const Timed *base, const Problem &p) {
  const Stats &s = t.stats;
  obj["ms"] = number(s.median);
  obj["ms_q25"] = number(s.q25);
  obj["ms_q75"] = number(s.q75);
  obj["ms_min"] = number(s.min);
  obj["ms_max"] = number(s.max);
  obj["samples"] = Json(static_cast<int64_t>(s.count));
  obj["block_warmups"] = Json(t.warmups);
  obj["block_reps"] = Json(t.reps);
  obj["tflops"] = number(tflops(p, s.median));
  Ratio r = base ? relativeSpeed(base->stats, s) : Ratio();
  obj["pct_cublas"] = base ? number(r.pct) : Json();
  obj["pct_cublas_lo"] = base ? number(r.lo) : Json();
  obj["pct_cublas_hi"] = base ? number(r.hi) : Json();
  obj["vs_cublas"] = base ? Json(verdictName(r.verdict)) : Json();
}

Json stateJson(const GpuState &s) {
  if (!s.valid)
    return Json();
  Json o = Json::object();
  o["sm_clock_mhz"] = Json(s.smClockMHz);
  o["mem_clock_mhz"] = Json(s.memClockMHz);
  o["power_w"] = number(s.powerW);
  o["temperature_c"] = Json(s.temperatureC);
  o["clock_event_reasons"] = Json(s.clockEventReasons);
  return o;
}

Json deviceJson(const Gpu &gpu) {
  Json device = Json::object();
  device["name"] = Json(gpu.name);
  device["compute_capability"] = Json(std::to_string(gpu.limits.ccMajor) + "." +
                                      std::to_string(gpu.limits.ccMinor));
  device["sm_count"] = Json(gpu.limits.smCount);
  device["l2_bytes"] = Json(gpu.l2Bytes);
  device["driver_version"] = Json(gpu.driverVersion);
  return device;
}

Json timingJson(const Options &opts, const TimingRecord &rec) {
  Json timing = Json::object();
  timing["l2"] = Json(opts.flushL2 ? "flush" : "warm");
  timing["l2_flush_bytes"] =
      opts.flushL2 ? Json(int64_t(rec.flushBytes)) : Json();
  timing["warmup_ms"] = Json(opts.warmupMs);
  timing["rep_ms"] = opts.reps ? Json() : Json(opts.repMs);
  timing["reps"] = opts.reps ? Json(opts.reps) : Json();
  timing["rounds"] = Json(opts.rounds);
  timing["order"] = Json("balanced");
  timing["spread"] = Json("interquartile range; tie when the "
                          "ranges overlap");
  return timing;
}

Json gpuStateJson(const Gpu &gpu, const TimingRecord &rec) {
  Json state = Json::object();
  state["before"] = stateJson(rec.states.before);
  state["after"] = stateJson(rec.states.after);
  state["sm_clock_mhz_min"] =
      rec.states.smClockMin ? Json(rec.states.smClockMin) : Json();
  state["sm_clock_mhz_max"] =
      rec.states.smClockMax ? Json(rec.states.smClockMax) : Json();
  state["note"] = gpu.monitor.available() ? Json() : Json(gpu.monitor.why());
  return state;
}

Json occupancyJson(const KernelResult &r) {
  Json occ = Json::object();
  occ["warps_per_block"] = Json(r.occ.warpsPerBlock);
  occ["regs_per_warp"] = Json(r.occ.regsPerWarp);
  occ["smem_per_block"] = Json(r.occ.sharedPerBlock);
  occ["limit_registers"] = limitJson(r.occ.limitRegisters);
  occ["limit_shared"] = limitJson(r.occ.limitShared);
  occ["limit_warps"] = limitJson(r.occ.limitWarps);
  occ["limit_blocks"] = limitJson(r.occ.limitBlocks);
  occ["blocks_per_sm"] = Json(r.occ.blocksPerSM);
  occ["limiter"] = Json(r.occ.limiter);
  occ["driver_blocks_per_sm"] = Json(r.resources.blocks_per_sm);
  occ["theoretical_pct"] = number(r.occ.theoreticalPct);
  return occ;
}

Json kernelJson(const KernelResult &r, const Timed *base, const Problem &p) {
  const tile_rt_bundle_info &m = r.info;
  const tile_rt_plan_info &plan = r.planInfo;
  Json k = Json::object();
  k["manifest"] = Json(m.path);
  k["kernel"] = Json(m.kernel);
  k["ptx"] = Json(m.ptx);
  k["chip"] = optionalString(m.chip);
  k["schedule"] = Json(m.schedule);
  k["order"] = optionalString(m.order);
  k["group_m"] = optionalInt(m.group_m);
  k["block_m"] = Json(m.block_m);
  k["block_n"] = Json(m.block_n);
  k["block_k"] = Json(m.block_k);
  k["num_warps"] = optionalInt(m.num_warps);
  k["num_stages"] = optionalInt(m.num_stages);
  k["mma"] = Json(m.mma);
  k["a_type"] = Json(tile_rt_dtype_name(m.a_type));
  k["b_type"] = Json(tile_rt_dtype_name(m.b_type));
  k["c_type"] = Json(tile_rt_dtype_name(m.c_type));
  k["acc_type"] = optionalString(m.acc_type);
  setTiming(k, r.timed, base, p);
  k["rel_err"] = r.check.nonFinite ? Json() : number(r.check.relErr);
  k["error_bound"] = number(r.check.bound);
  k["non_finite"] = Json(r.check.nonFinite);
  k["elementwise_checked"] = Json(r.check.elementwise);
  k["elementwise_over_bound"] = Json(r.check.overBound);
  k["elementwise_worst_ratio"] = number(r.check.worstRatio);
  k["pass"] = Json(r.check.pass);
  k["regs"] = Json(r.resources.regs);
  k["spill_bytes"] = Json(r.resources.local_bytes);
  k["static_smem"] = Json(r.resources.static_shared);
  k["dynamic_smem"] = Json(m.dynamic_shared_bytes);
  k["threads"] = Json(m.threads_per_block);
  k["ptx_version"] = Json(r.resources.ptx_version);
  k["binary_version"] = Json(r.resources.binary_version);
  k["occupancy"] = occupancyJson(r);
  k["grid"] = Json(plan.grid);
  k["cluster_m"] = Json(m.cluster_m);
  k["split_k"] = Json(m.split_k);
  k["splits"] = Json(plan.splits);
  k["workspace_bytes"] = Json(plan.workspace_bytes);
  k["staged"] = Json(bool(plan.staged));
  k["tiles"] = Json(plan.tiles);
  k["programs_per_sm"] = m.persistent ? Json(r.programsPerSM) : Json();
  k["waves_per_sm"] = number(r.wavesPerSM);
  k["tiles_per_program_min"] = Json(plan.tiles_per_program_min);
  k["tiles_per_program_max"] = Json(plan.tiles_per_program_max);
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
  // mkstemp makes the file private; give it a plain file's mode.
  mode_t mask = umask(0);
  umask(mask);
  bool ok = fchmod(fd, 0666 & ~mask) == 0;
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

// Two-space indentation; bytes that are not UTF-8 (a path given on the
// command line may hold any) become U+FFFD rather than stopping the write.
std::string text(const Json &doc) {
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace

void printTimes(const Gpu &gpu, const Options &opts, const Problem &p,
                const TimingRecord &rec, const std::vector<Timed> &baselines,
                const std::vector<Timed *> &timed) {
  std::printf("\ntiming: %lld round%s, each a block of launches of "
              "everything in a balanced order (block: ",
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
  root["device"] = deviceJson(gpu);
  Json shape = Json::object();
  shape["m"] = Json(p.m);
  shape["n"] = Json(p.n);
  shape["k"] = Json(p.k);
  root["shape"] = shape;
  root["dtype"] = Json(tile_rt_dtype_name(p.a_type));
  root["c_type"] = Json(tile_rt_dtype_name(p.c_type));
  root["layout"] = Json(p.layoutName());
  root["seed"] = Json(seed);
  root["timing"] = timingJson(opts, rec);
  root["gpu_state"] = gpuStateJson(gpu, rec);

  // "cublas" is the baseline; "baselines" lists every cuBLAS call timed.
  Json blasRuns = Json::array();
  for (const Timed &b : baselines) {
    Json o = Json::object();
    o["name"] = Json(b.name);
    setTiming(o, b, base, p);
    blasRuns.push_back(o);
  }
  root["cublas"] = base ? blasRuns.front() : Json();
  root["baselines"] = blasRuns;

  bool allPass = true;
  Json kernels = Json::array();
  for (const KernelResult &r : results) {
    allPass = allPass && r.check.pass;
    kernels.push_back(kernelJson(r, base, p));
  }
  root["kernels"] = kernels;
  root["pass"] = Json(allPass);
  return root;
}

void checkJsonTarget(const std::string &path) {
  // The temporary file goes beside the target: into the folder of `path`.
  size_t slash = path.rfind('/');
  std::string folder = slash == std::string::npos ? "."
                       : slash == 0              ? "/"
                                                 : path.substr(0, slash);
  struct stat st;
  const char *why = nullptr;
  if (slash == path.size() - 1)
    why = "it names no file";
  else if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    why = "it is a folder";
  else if (access(folder.c_str(), W_OK) != 0)
    why = std::strerror(errno);
  if (why)
    die(kExitError, "cannot write --json file '%s': %s", path.c_str(), why);
}

void writeJson(const std::string &path, const std::vector<Json> &runs) {
  if (runs.size() == 1)
    return writeFileAtomically(path, text(runs.front()));
  Json all = Json::array();
  for (const Json &run : runs)
    all.push_back(run);
  Json root = Json::object();
  root["runs"] = all;
  writeFileAtomically(path, text(root));
}

} // namespace tilerun
