// bench_xpbd's command line (bench_xpbd.cpp): the options, their usage text, and their parser, which
// refuses what it cannot time with a UsageError naming the argument and the allowed values.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "backend/backend.h"
#include "bench_xpbd_scenes.h"
#include "registry/settings.h"

namespace bench {

extern const char* const kUsage;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Options {
  bool help = false;
  const BenchScene* scene = &bench_scenes()[0];
  std::string out_path;       // empty: stdout only
  std::optional<int> frames;  // timed frames per case; unset: default_frames(size)
  std::optional<int> warmup;  // frames stepped before the timed ones; unset: the scene's
  std::vector<sim::BackendKind> backends;
  std::vector<int> sizes;  // empty: the scene's default sizes
  std::optional<int> steps;  // the n of the n x 1 and 1 x n cases; unset: the scene's
  std::vector<sim::Integrator> integrators;  // empty: XPBD n x 1 and 1 x n (and the scene's Newton-PCG)
  std::vector<std::pair<std::string, std::string>> sets;  // scene parameters
  std::vector<std::pair<std::string, std::string>> setting_overrides;  // solver settings over every case's
  std::vector<sim::CudaLaunch> launch_modes = {sim::CudaLaunch::Auto};  // Settings::cuda_launch to time
};

// Throws UsageError.
Options parse_args(int argc, char** argv);

}  // namespace bench
