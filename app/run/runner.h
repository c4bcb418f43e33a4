// The headless runner: builds the scene, steps it frame by frame, checks for divergence, writes
// metrics and prints a summary. Returns the process exit status (exit_codes.h).
#pragma once

#include "registry/frame_metrics.h"
#include "run/run_options.h"
#include "world/world.h"

namespace app {

int run_headless(const RunOptions& options);

// The run's summary on stdout, one "key  text" line each: scene and sizes, solver and changed settings, time
// simulated, step time and cost, the last frame's report (energy, residual, penetration, probes...),
// detection, launches, threads, state hash. The same for `run` and for each pane of `run --record` or
// `--compare` (issue 40 item 8).
void print_run_summary(const RunOptions& o, sim::World& world, const sim::Settings& s,
                       const sim::FrameMetrics& last, double total_step_ms, double total_detection_ms,
                       int frames_done);

}  // namespace app
