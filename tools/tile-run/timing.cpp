//===- timing.cpp - Timing kernels and cuBLAS as do_bench does ------------===//

#include "timing.h"
#include "errors.h"

namespace tilerun {

namespace {

// Elapsed milliseconds between two recorded events, once the second fired.
float elapsedMs(CUevent start, CUevent stop) {
  CU_CHECK(cuEventSynchronize, stop);
  float ms = 0;
  CU_CHECK(cuEventElapsedTime, &ms, start, stop);
  return ms;
}

// Fixes `t`'s launches per block as do_bench does: after one untimed launch
// (cuBLAS loads its kernels on first use), five launches (each after a
// flush, when flushing) timed together give the time of one, and the
// block's warm-up and samples take about --warmup and --rep milliseconds.
void sizeBlocks(const Gpu &gpu, const Options &opts, const L2Flush &flush,
                Timed &t) {
  t.launch();
  CU_CHECK(cuCtxSynchronize);
  CUevent start, stop;
  CU_CHECK(cuEventCreate, &start, CU_EVENT_DEFAULT);
  CU_CHECK(cuEventCreate, &stop, CU_EVENT_DEFAULT);
  CU_CHECK(cuEventRecord, start, gpu.stream);
  for (int i = 0; i < 5; ++i) {
    if (opts.flushL2)
      CU_CHECK(cuMemsetD32Async, flush.ptr, 0, flush.words, gpu.stream);
    t.launch();
  }
  CU_CHECK(cuEventRecord, stop, gpu.stream);
  double each = std::max(elapsedMs(start, stop) / 5.0, 1e-3);
  CU_CHECK(cuEventDestroy, start);
  CU_CHECK(cuEventDestroy, stop);
  t.reps = opts.reps ? opts.reps
                     : std::max<int64_t>(1, int64_t(double(opts.repMs) / each));
  // On a warm L2 one untimed launch must lead the samples (timeSamples).
  t.warmups = std::max<int64_t>(opts.flushL2 ? 0 : 1,
                                int64_t(double(opts.warmupMs) / each));
}

// One round's block of `t`: untimed warm-up launches, then samples. Each
// sample sits between its own pair of events, and the GPU is busy when its
// start event is queued -- writing the flush buffer, or (warm L2) running
// the launch before -- so the event does not fire until the launch is
// queued behind it and no sample holds the host's launch latency.
void timeSamples(const Gpu &gpu, const Options &opts, const L2Flush &flush,
                 Timed &t) {
  std::vector<CUevent> start(t.reps), stop(t.reps);
  for (int64_t i = 0; i < t.reps; ++i) {
    CU_CHECK(cuEventCreate, &start[i], CU_EVENT_DEFAULT);
    CU_CHECK(cuEventCreate, &stop[i], CU_EVENT_DEFAULT);
  }
  for (int64_t i = 0; i < t.warmups; ++i)
    t.launch();
  for (int64_t i = 0; i < t.reps; ++i) {
    if (opts.flushL2)
      CU_CHECK(cuMemsetD32Async, flush.ptr, static_cast<unsigned>(i),
               flush.words, gpu.stream);
    CU_CHECK(cuEventRecord, start[i], gpu.stream);
    t.launch();
    CU_CHECK(cuEventRecord, stop[i], gpu.stream);
  }
  CU_CHECK(cuEventSynchronize, stop.back());
  CU_CHECK(cuCtxSynchronize);
  for (int64_t i = 0; i < t.reps; ++i) {
    t.samples.push_back(elapsedMs(start[i], stop[i]));
    CU_CHECK(cuEventDestroy, start[i]);
    CU_CHECK(cuEventDestroy, stop[i]);
  }
}

} // namespace

L2Flush allocFlush(const Gpu &gpu, const Options &opts) {
  L2Flush flush;
  if (opts.flushL2) {
    flush.words = std::max<size_t>(2 * size_t(gpu.l2Bytes), 256u << 20) / 4;
    flush.ptr = allocDevice(flush.bytes(), "the L2 flush buffer");
  }
  return flush;
}

void freeFlush(const L2Flush &flush) {
  if (flush.ptr)
    CU_CHECK(cuMemFree, flush.ptr);
}

TimingRecord timeRounds(const Gpu &gpu, const Options &opts,
                        const L2Flush &flush,
                        const std::vector<Timed *> &timed) {
  TimingRecord rec;
  rec.flushBytes = flush.bytes();
  for (Timed *t : timed)
    sizeBlocks(gpu, opts, flush, *t);
  rec.states.before = gpu.monitor.read();
  std::vector<int64_t> order(timed.size());
  for (int64_t round = 0; round < opts.rounds; ++round) {
    tile_rt_status status;
    checkRuntime(tile_rt_visit_order(round, int64_t(timed.size()), order.data(),
                                     &status),
                 status);
    for (int64_t i : order)
      timeSamples(gpu, opts, flush, *timed[size_t(i)]);
    rec.states.sawRound(gpu.monitor.read());
  }
  rec.states.after = gpu.monitor.read();
  for (Timed *t : timed)
    t->stats = summarize(t->samples);
  return rec;
}

double tflops(const Problem &p, double ms) {
  return ms > 0 ? p.flops() / ms / 1e9 : 0.0;
}

} // namespace tilerun
