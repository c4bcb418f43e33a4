// Gauss-Seidel in tiles (issue 51 item 2): a colouring of pair constraints (model/colouring.h) laid out so
// that a sweep needs a few phases instead of a barrier per colour. The particles are cut into tiles of B
// consecutive indices (a cloth grid's rows: stripes), a constraint belongs to the tile of its lower end,
// and two tiles of one group conflict when their constraints share a particle. Per group (the grouped
// colouring's key, softest first), the tiles are coloured so that none of one tile colour conflict; each
// such set of tiles is a phase, and inside a tile its constraints get colours of their own (first fit).
// A phase's colours are stored colour-major, tile-minor:
//   phase p:  colour c0: tile 0's, tile 1's, ...;  colour c0 + 1: tile 0's, tile 1's, ...;  ...
// so each colour is still a contiguous set that shares no particle (the plain sweep and every consumer of
// colour ranges run on it unchanged), and tile i's part of colour c is the range tile_offsets[.] says.
// A tiled sweep runs a phase's tiles in parallel, each its colours in order (a CUDA block with a block
// barrier between them, a CPU thread with none); since the tiles of a phase share no particle, the result
// has the bits of the plain sweep, colour by colour, over the same layout.
#pragma once

#include <utility>
#include <vector>

#include "core/index.h"
#include "model/colouring.h"

namespace sim {
inline namespace SIM_PRECISION {

struct TileSweep {
  std::vector<int> phase_colours;  // phase p: colours [phase_colours[p], phase_colours[p + 1]); empty: none
  std::vector<int> phase_tiles;    // tiles of phase p
  std::vector<int> phase_base;     // phase p's first entry of tile_offsets
  // Colour c of phase p, tile i: constraints [tile_offsets[b], tile_offsets[b + 1]), b = phase_base[p] +
  // (c − phase_colours[p]) (phase_tiles[p] + 1) + i.
  std::vector<int> tile_offsets;

  int phases() const { return phase_colours.empty() ? 0 : int(phase_colours.size()) - 1; }
  bool empty() const { return phases() == 0; }
};

struct TiledColouring {
  Colouring colouring;  // order and colour offsets, a valid colouring by itself
  TileSweep tiles;      // empty when the constraints keep the plain colouring
};

// Phases need at least this many tiles each to be worth a block (CUDA) or a share of a team (CPU).
inline constexpr int kMinTilesPerPhase = 16;

// The grouped colouring of colour_grouped laid out in tiles of `tile_particles` particles.
TiledColouring colour_grouped_in_tiles(const std::vector<Int2>& particles_of_constraint,
                                       const std::vector<std::pair<double, int>>& key, int particle_count,
                                       int tile_particles);

// The layout a sweep of these constraints runs: in tiles of B particles, B the 99th percentile of
// |a − b| (at least 256; a grid cloth's bend edges span two rows, so only neighbouring stripes
// conflict), when that takes fewer phases than colour_grouped's colours and every phase has at least
// kMinTilesPerPhase tiles; otherwise colour_grouped's.
TiledColouring colour_grouped_for_sweep(const std::vector<Int2>& particles_of_constraint,
                                        const std::vector<std::pair<double, int>>& key, int particle_count);

}  // namespace SIM_PRECISION
}  // namespace sim
