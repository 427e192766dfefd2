//===- report.h - What a run prints and writes ------------------*- C++ -*-===//
//
// The timing lines and the summary table on stdout, and the --json
// document: one per problem, and for several problems {"runs": [...]} of
// them, written atomically so no reader sees half a file.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_REPORT_H
#define TILE_RUN_REPORT_H

#include "gpu.h"
#include "launch.h"
#include "options.h"
#include "problem.h"
#include "timing.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace tilerun {

// Keys in the order they are set, as readers of the file see them.
using Json = nlohmann::ordered_json;

// How the samples were taken, the GPU state around them, and one line per
// entry: its statistics and its speed relative to the baseline (the first
// of `baselines`).
void printTimes(const Gpu &gpu, const Options &opts, const Problem &p,
                const TimingRecord &rec, const std::vector<Timed> &baselines,
                const std::vector<Timed *> &timed);

void printSummary(const std::vector<KernelResult> &results,
                  const std::vector<Timed> &baselines, const Problem &p);

// The --json document of one problem.
Json resultJson(const Gpu &gpu, const Options &opts, const Problem &p,
                uint64_t seed, const std::vector<Timed> &baselines,
                const std::vector<KernelResult> &results,
                const TimingRecord &rec);

// Exits with one line when writeJson could not write `path` (no file name,
// a folder, a folder missing or not writable): checked before the runs,
// whose results it would hold.
void checkJsonTarget(const std::string &path);

// Writes the one problem's document, or {"runs": [...]} for several.
void writeJson(const std::string &path, const std::vector<Json> &runs);

} // namespace tilerun

#endif // TILE_RUN_REPORT_H
