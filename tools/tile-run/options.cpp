//===- options.cpp - Command line of tile-run -----------------------------===//

#include "options.h"
#include "errors.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

namespace tilerun {

namespace {

const char *const kUsageHint =
    "usage: tile-run MANIFEST.json... --shape MxNxK [options]; "
    "run 'tile-run --help' for details";

const char *const kHelp =
    R"(usage: tile-run MANIFEST.json [MANIFEST.json ...] --shape MxNxK [options]

Launches the kernels of tile-opt bundles, checks them against cuBLAS and
times them. Several manifests run on the same inputs in one process.

options:
  --shape MxNxK           problem size (required; repeat it to run several
                          shapes in one process, each on fresh inputs)
  --dtype f16|bf16        input type; must match the bundles (default: theirs)
  --layout nn|nt|tn|tt    storage of A and B: n = row-major, t = transposed
                          (default nn)
  --rounds R              rounds; each gives cuBLAS and every kernel a block
                          of launches, in an order where each directly
                          follows every other equally often, so clock
                          drift and a neighbour's heat hit all alike; the
                          median is over all samples of all rounds
                          (default 10)
  --warmup MS             untimed launches at the start of each block, for
                          about MS milliseconds (default 25, as do_bench)
  --rep MS                timed launches in each block, for about MS
                          milliseconds (default 100, as do_bench); the
                          counts come from five timed launches before the
                          first block and stay the same in every round
  --reps N                exactly N timed launches per block instead
  --l2 flush|warm         flush: before every sample write a buffer of twice
                          the L2 size (at least 256 MiB), which also keeps
                          the GPU busy while the host queues the launch;
                          warm: samples back to back on a warm L2, after the
                          block's warm-up (at least one launch) (default
                          flush)
  --blas lt|gemmex|both   cuBLAS baseline: cublasLt with a heuristic query
                          and a 32 MiB workspace, or cublasGemmEx; both: Lt
                          is the baseline and cublasGemmEx is timed too
                          (default lt)
  --seed S                seed of the random inputs (default: from the clock)
  --programs-per-sm N|auto[,N|auto...]
                          programs per SM for persistent kernels
                          (default auto: the driver's occupancy figure); a
                          comma-separated list gives one per manifest, in
                          order (a manifest may be given twice)
  --json OUT              also write the results as JSON to OUT (several
                          shapes: {"runs": [one document per shape]})
  --no-cublas-timing      check against cuBLAS but do not time it
  --dry-run               check the command line, the bundles and every
                          shape against every bundle, print the problems
                          and stop before touching the GPU (exit 0: every
                          bundle can run every shape)
  -h, --help              show this text

exit status: 0 ok, 1 runtime or bundle error, 2 bad command line,
3 a kernel's result did not match cuBLAS
)";

[[noreturn]] __attribute__((format(printf, 1, 2))) void
usageError(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fail(kExitUsage, kUsageHint, fmt, args);
}

// Plain decimal digits only: no sign, no spaces, no hex, no overflow.
bool parseDecimal(const std::string &text, uint64_t max, uint64_t &out) {
  if (text.empty() || text.size() > 20)
    return false;
  uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9')
      return false;
    uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (max - digit) / 10)
      return false;
    value = value * 10 + digit;
  }
  out = value;
  return true;
}

// The value of a flag that sets the problem, the inputs or the output.
void parseProblemValue(const std::string &flag, const std::string &value,
                       Options &opts) {
  uint64_t number = 0;
  if (flag == "--shape") {
    int64_t mnk[3];
    tile_rt_status status;
    if (tile_rt_parse_shape(value.c_str(), mnk, &status) != TILE_RT_OK)
      usageError("bad --shape '%s': %s", value.c_str(), status.message);
    opts.shapes.push_back({mnk[0], mnk[1], mnk[2]});
  } else if (flag == "--dtype") {
    if (value != "f16" && value != "bf16")
      usageError("bad --dtype '%s': expected f16 or bf16", value.c_str());
    opts.dtype = value;
  } else if (flag == "--layout") {
    if (!tile_rt_layout_from_name(value.c_str(), &opts.layout))
      usageError("bad --layout '%s': expected nn, nt, tn or tt", value.c_str());
  } else if (flag == "--seed") {
    if (!parseDecimal(value, UINT64_MAX, number))
      usageError("bad --seed '%s': expected an integer >= 0", value.c_str());
    opts.seed = number;
    opts.haveSeed = true;
  } else if (flag == "--programs-per-sm") {
    // N|auto, or a comma-separated list of them, one per manifest.
    opts.programsPerSM.clear();
    size_t start = 0;
    while (true) {
      size_t comma = value.find(',', start);
      size_t end = comma == std::string::npos ? value.size() : comma;
      std::string item = value.substr(start, end - start);
      if (item == "auto") {
        opts.programsPerSM.push_back(0);
      } else if (!parseDecimal(item, 1 << 20, number) || number < 1) {
        usageError("bad --programs-per-sm '%s': expected an integer >= 1 or "
                   "auto, or a comma-separated list of them",
                   value.c_str());
      } else {
        opts.programsPerSM.push_back(static_cast<int64_t>(number));
      }
      if (comma == std::string::npos)
        break;
      start = comma + 1;
    }
  } else if (flag == "--json") {
    if (value.empty())
      usageError("option '--json' needs a file name");
    opts.jsonPath = value;
  }
}

// The value of a flag that sets how the timing is done.
void parseTimingValue(const std::string &flag, const std::string &value,
                      Options &opts) {
  uint64_t number = 0;
  if (flag == "--warmup" || flag == "--rep") {
    uint64_t min = flag == "--rep" ? 1 : 0;
    if (!parseDecimal(value, 60000, number) || number < min)
      usageError("bad %s '%s': expected milliseconds, an integer from %llu "
                 "to 60000",
                 flag.c_str(), value.c_str(),
                 static_cast<unsigned long long>(min));
    (flag == "--rep" ? opts.repMs : opts.warmupMs) =
        static_cast<int64_t>(number);
  } else if (flag == "--reps") {
    if (!parseDecimal(value, 1000000000, number) || number < 1)
      usageError("bad --reps '%s': expected an integer >= 1", value.c_str());
    opts.reps = static_cast<int64_t>(number);
  } else if (flag == "--rounds") {
    if (!parseDecimal(value, 1000000, number) || number < 1)
      usageError("bad --rounds '%s': expected an integer >= 1", value.c_str());
    opts.rounds = static_cast<int64_t>(number);
  } else if (flag == "--l2") {
    if (value != "flush" && value != "warm")
      usageError("bad --l2 '%s': expected flush or warm", value.c_str());
    opts.flushL2 = value == "flush";
  } else if (flag == "--blas") {
    if (value == "lt")
      opts.blas = Options::Blas::Lt;
    else if (value == "gemmex")
      opts.blas = Options::Blas::GemmEx;
    else if (value == "both")
      opts.blas = Options::Blas::Both;
    else
      usageError("bad --blas '%s': expected lt, gemmex or both", value.c_str());
  }
}

// Flags that take no value.
bool parseSwitch(const std::string &flag, bool inlineValue, Options &opts) {
  if (flag != "--no-cublas-timing" && flag != "--dry-run")
    return false;
  if (inlineValue)
    usageError("option '%s' takes no value", flag.c_str());
  if (flag == "--dry-run")
    opts.dryRun = true;
  else
    opts.cublasTiming = false;
  return true;
}

bool isOneOf(const std::string &flag,
             std::initializer_list<const char *> names) {
  for (const char *name : names)
    if (flag == name)
      return true;
  return false;
}

// What no single flag can check.
void checkCombination(const Options &opts) {
  if (opts.manifests.empty())
    usageError("no manifest given");
  if (opts.shapes.empty())
    usageError("--shape MxNxK is required");
  if (opts.programsPerSM.size() > 1 &&
      opts.programsPerSM.size() != opts.manifests.size())
    usageError("--programs-per-sm lists %zu values for %zu manifests; give "
               "one value, or one per manifest",
               opts.programsPerSM.size(), opts.manifests.size());
  if (!opts.cublasTiming && opts.blas != Options::Blas::Lt)
    usageError("--blas %s times cuBLAS; it cannot go with --no-cublas-timing",
               opts.blas == Options::Blas::Both ? "both" : "gemmex");
}

} // namespace

Options parseCommandLine(int argc, char **argv) {
  Options opts;
  bool optionsDone = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (optionsDone || arg.empty() || arg[0] != '-' || arg == "-") {
      opts.manifests.push_back(arg);
      continue;
    }
    if (arg == "--") {
      optionsDone = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      std::fputs(kHelp, stdout);
      std::exit(kExitOk);
    }

    // Both "--flag value" and "--flag=value" are accepted.
    std::string flag = arg, value;
    bool inlineValue = false;
    size_t eq = arg.find('=');
    if (arg.compare(0, 2, "--") == 0 && eq != std::string::npos) {
      flag = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      inlineValue = true;
    }
    if (parseSwitch(flag, inlineValue, opts))
      continue;
    bool timing = isOneOf(
        flag, {"--warmup", "--rep", "--reps", "--rounds", "--l2", "--blas"});
    if (!timing && !isOneOf(flag, {"--shape", "--dtype", "--layout", "--seed",
                                   "--programs-per-sm", "--json"}))
      usageError("unknown option '%s'", flag.c_str());
    if (!inlineValue) {
      if (i + 1 >= argc)
        usageError("option '%s' needs a value", flag.c_str());
      value = argv[++i];
    }
    if (timing)
      parseTimingValue(flag, value, opts);
    else
      parseProblemValue(flag, value, opts);
  }
  checkCombination(opts);
  return opts;
}

} // namespace tilerun
