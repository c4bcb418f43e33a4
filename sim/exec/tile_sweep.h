// A Gauss-Seidel sweep in tiles (model/tiling.h; issue 51 item 2), as the execution policies see it: phases
// in order, the tiles of a phase in parallel (no two share a particle), each tile its colours in order. The
// CUDA policy gives a tile to a block with a block barrier between its colours and synchronises the grid
// only between phases (exec/cuda_sweep.cuh); the CPU policy sweeps a phase a colour at a time, with the same
// bits (exec/cpu_exec.h); the tests' shuffled policy runs each phase's tiles in a drawn order.
#pragma once

#include <vector>

#include "core/hd.h"

namespace sim {
inline namespace SIM_PRECISION {

// One phase: `tiles` tiles of `colours` colours; colour c of tile i is items [begin(c, i), end(c, i)).
struct TilePhase {
  int colours, tiles;
  const int* offsets;  // colours × (tiles + 1), in the memory of the policy that runs the sweep
  SIM_HD int begin(int c, int i) const { return offsets[c * (tiles + 1) + i]; }
  SIM_HD int end(int c, int i) const { return offsets[c * (tiles + 1) + i + 1]; }
};

// The phases one cooperative grid of a tile sweep covers on CUDA (exec/cuda_sweep.cuh), synchronised as a
// grid between them.
inline constexpr int kGridSweepTilePhases = 16;

// The device operations a tile sweep of `phases` phases takes: one a phase, or one a grid of phases.
inline int tile_sweep_operations(int phases, bool grid_sweeps) {
  return grid_sweeps ? (phases + kGridSweepTilePhases - 1) / kGridSweepTilePhases : phases;
}

// Tile i of phase p, one item after another, its colours in order.
template <class F>
void run_tile(const TilePhase& p, int i, const F& f) {
  for (int c = 0; c < p.colours; ++c)
    for (int k = p.begin(c, i); k < p.end(c, i); ++k) f(k);
}

// Phase by phase, each one Exec::parallel_for over its tiles.
template <class Exec, class F>
void sweep_tiles_tile_by_tile(const std::vector<TilePhase>& phases, const F& f) {
  for (const TilePhase& p : phases) Exec::parallel_for(p.tiles, [&](int i) { run_tile(p, i, f); });
}

}  // namespace SIM_PRECISION
}  // namespace sim
