// The scenes bench_xpbd times, the default first.
#include "bench_xpbd_scenes.h"

#include <string>

namespace bench {
namespace {

// The fluid column's size is its layers along the height (its 1.2 m): spacing = 1.2 m / layers, and the
// 1:2:1 column then holds layers³/4 particles (74: 101k; 156: 949k, the paper's 936k).
void fluid_layers(sim::ParamSet& params, int layers) {
  if (layers < 4 || layers > 400) throw sim::ParamError("fluid layers " + std::to_string(layers) + " outside [4, 400]");
  params.set("spacing", params.get("column_height") / layers);
}

}  // namespace

const std::vector<BenchScene>& bench_scenes() {
  static const std::vector<BenchScene> scenes = {
      {"hanging_cloth", {"width", "height"}, {100, 387}, 5, 30, true},
      // 1 s of simulated time: the cloth has landed on the bunny, so contacts are part of the timing.
      {"bunny_cloth", {"resolution"}, {64, 388}, 60, 30, true},
      {"chain", {"particles"}, {20}, 5, 100, false},
      // Small Steps Figure 7: the 40 x 8 x 8-cube beam (12,800 tets) with Jacobi, as the paper's GPU solver.
      {"fem_beam", {"cells_length"}, {40}, 5, 100, false, sim::SolverOrder::Jacobi, true},
      // Small Steps Figure 2: 10 x 1 against 1 x 10, timed from 0.5 s into the collapse.
      {"fluid_column", {}, {74, 156}, 30, 10, false, sim::SolverOrder::Jacobi, false, fluid_layers},
      // Small Steps Figure 8: 100 x 1, 1 x 100 and 1 x 500 on the 20-link chain at 1:1000 (and 100 links).
      {"rigid_chain", {"links"}, {20, 100}, 30, 100, false, sim::SolverOrder::GaussSeidel, false, nullptr, 500},
      // Small Steps Figure 9: 100 x 1 against 1 x 100 on the capsule stack (10 and 30 layers), contacts found
      // once per frame (the detection time is reported apart), timed while it stands.
      {"capsule_stack", {"layers"}, {10, 30}, 30, 100, false},
      // Giles & Andrews 2024 §4.1.2: the bridge of 20 (and 100) planks while the ball rolls onto it.
      {"bridge", {"planks"}, {20, 100}, 10, 100, false},
      // Giles & Andrews §4.1.1: the swinging box (25 links, 1000:1), for an adaptive rule on CUDA (issue 51 item 7).
      {"swinging_box", {"links"}, {25}, 10, 100, false},
  };
  return scenes;
}

}  // namespace bench
