// A test execution policy: the CPU policy with every parallel_for run serially in a shuffled order (or
// reversed), seeded per run. A stage whose result depends on the order its items run in — two constraints
// of one colour sharing a particle, a write another item reads, a sum in arrival order — then changes the
// bits of the State, which the determinism tests compare against the in-order run. This is how a missing
// colour or an unsafe write shows up before a GPU ever runs the code.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

#include "backend/backend.h"
#include "exec/colour_sweep.h"
#include "exec/cpu_exec.h"
#include "exec/tile_sweep.h"
#include "solver/backend_solver.h"

namespace sim::test {

struct ShuffledExec : CpuExec {
  // seed 0 runs every loop backwards; any other seed draws a new permutation for every loop.
  static inline uint64_t seed = 1;
  static inline std::mt19937_64 rng{1};
  static void reseed(uint64_t s) {
    seed = s;
    rng.seed(s);
  }

  template <class F>
  static void parallel_for(int n, const F& f) {
    std::vector<int> order(size_t(std::max(n, 0)));
    std::iota(order.begin(), order.end(), 0);
    if (seed == 0)
      std::reverse(order.begin(), order.end());
    else
      std::shuffle(order.begin(), order.end(), rng);
    for (const int i : order) f(i);
  }

  template <class Size, class ColourPass>
  static void sweep_colours(int colours, const Size& size, const ColourPass& pass) {
    sweep_colour_by_colour<ShuffledExec>(colours, size, pass);
  }
  template <class F>
  static void sweep_tiles(const std::vector<TilePhase>& phases, int, const F& f) {
    sweep_tiles_tile_by_tile<ShuffledExec>(phases, f);
  }
};

// A CPU solver whose loops run in the order `seed` picks (see ShuffledExec).
inline SelectedBackend shuffled_backend(uint64_t seed) {
  ShuffledExec::reseed(seed);
  return {std::make_unique<BackendSolver<ShuffledExec>>(), BackendKind::Cpu, "cpu, shuffled loops"};
}

}  // namespace sim::test
