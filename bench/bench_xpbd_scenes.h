// The scenes bench_xpbd times (bench_xpbd.cpp): which parameters set a scene's size, the default sizes,
// the warm-up, and the settings timed.
#pragma once

#include <vector>

#include "params/param.h"
#include "registry/settings.h"

namespace bench {

// A benchmarked scene: which parameters set its size, the default sizes, how many frames to step before
// timing, the substeps n of the two settings timed (n x 1 and 1 x n) and their solver order, and whether
// backward Euler with Newton-PCG (1 substep, n CG iterations) is timed beside them.
struct BenchScene {
  const char* name;
  std::vector<const char*> size_params;  // each is set to the size (a square cloth, a chain's particles)
  std::vector<int> default_sizes;
  int warmup_frames;
  int n;
  bool square;  // the size is a cloth's W of a W x W grid; else a count (particles, cubes along a beam)
  sim::SolverOrder order = sim::SolverOrder::GaussSeidel;
  bool newton_pcg = false;
  // Sets a size no size_params parameter holds (the fluid's layers become its spacing); null: size_params.
  void (*apply_size)(sim::ParamSet&, int) = nullptr;
  int more_iterations = 0;  // > 0: 1 x this many timed too (Figure 8's 1 x 500)
};

// Every scene bench_xpbd can time; the first is the default.
const std::vector<BenchScene>& bench_scenes();

}  // namespace bench
