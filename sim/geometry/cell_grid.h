// A dense uniform grid over a box, for the fluid's neighbour search (detect/neighbour_search.h; Green 2010,
// "Particle Simulation using CUDA" §2.2): cells of edge R or R/2 (R the search radius), numbered x fastest,
// filled by the counting sort both backends run with the same stages (count per cell, exclusive scan,
// scatter, each cell sorted by particle index). A cell's particles then sit side by side, and so do those
// of the cells of a row along x: the 3³ cells of R around a particle are 9 contiguous ranges (5³ of R/2,
// 25), with no hash and no test of which cell an entry belongs to (geometry/hash_grid.h's, which
// self-contact keeps for its unbounded scenes). A particle outside the box counts in the nearest edge cell:
// clamping moves two coordinates no further apart, so every pair within R still lies within `reach` cells;
// such a particle costs time, never a neighbour.
#pragma once

#include "core/atomic.h"
#include "core/hd.h"
#include "core/index.h"
#include "core/position.h"
#include "core/vec3.h"
#include "geometry/hash_grid.h"

namespace sim {
inline namespace SIM_PRECISION {

// The grid as stages read it: cell k holds sorted[cell_start[k] .. cell_start[k + 1]).
struct CellGridView {
  Vec3 origin;            // the box's low corner [m]
  Real cell;              // cell edge [m]
  int reach;              // cells each side a walk covers: ceil(R / cell)
  Int3 dims;              // cells along x, y, z
  const int* cell_start;  // cells + 1 entries
  const int* sorted;      // particle indices grouped by cell

  SIM_HD static int clamp_to(int q, int n) { return q < 0 ? 0 : q < n ? q : n - 1; }
  // The cell of x, clamped into the box.
  SIM_HD Int3 cell_of(Vec3 x) const {
    return {clamp_to(grid_coordinate(x.x - origin.x, cell), dims.a),
            clamp_to(grid_coordinate(x.y - origin.y, cell), dims.b),
            clamp_to(grid_coordinate(x.z - origin.z, cell), dims.c)};
  }
  SIM_HD int index(Int3 c) const { return (c.c * dims.b + c.b) * dims.a + c.a; }
  SIM_HD Int3 coordinates(int k) const { return {k % dims.a, (k / dims.a) % dims.b, k / (dims.a * dims.b)}; }

  // Calls f(s) once for every entry s of `sorted` in the cells within `reach` of cell c, in a fixed order
  // (cells by z, y, x; a cell's entries by particle index): per (z, y) one range over the row's cells
  // x − reach .. x + reach.
  template <class F>
  SIM_HD void for_each_slot_near(Int3 c, F&& f) const {
    const int x0 = c.a > reach ? c.a - reach : 0, x1 = c.a + reach < dims.a ? c.a + reach : dims.a - 1;
    const int z0 = c.c > reach ? c.c - reach : 0, z1 = c.c + reach < dims.c ? c.c + reach : dims.c - 1;
    const int y0 = c.b > reach ? c.b - reach : 0, y1 = c.b + reach < dims.b ? c.b + reach : dims.b - 1;
    for (int z = z0; z <= z1; ++z)
      for (int y = y0; y <= y1; ++y) {
        const int row = (z * dims.b + y) * dims.a;
        const int end = cell_start[row + x1 + 1];
        for (int s = cell_start[row + x0]; s < end; ++s) f(s);
      }
  }
};

// Counting sort, pass 1: each particle's cell, and the cell sizes.
struct CellGridCount {
  CellGridView grid;  // its geometry; the arrays are not read
  const Position* x;
  int* particle_cell;
  int* cell_count;  // zeroed before; cells + 1 entries, the last stays 0
  SIM_HD void operator()(int i) const {
    const int k = grid.index(grid.cell_of(x[i]));
    particle_cell[i] = k;
    atomic_fetch_add(&cell_count[k], 1);
  }
};

// Pass 3 (after cell_start = exclusive scan of the counts): each particle into its cell's range.
struct CellGridScatter {
  const int* particle_cell;
  const int* cell_start;
  int* cell_fill;  // zeroed before
  int* sorted;
  SIM_HD void operator()(int i) const {
    const int k = particle_cell[i];
    sorted[cell_start[k] + atomic_fetch_add(&cell_fill[k], 1)] = i;
  }
};

// Pass 4: each cell's entries in ascending particle index (insertion sort: a cell holds a few particles).
struct CellGridSortCell {
  const int* cell_start;
  int* sorted;
  SIM_HD void operator()(int k) const {
    for (int s = cell_start[k] + 1; s < cell_start[k + 1]; ++s) {
      const int i = sorted[s];
      int t = s;
      for (; t > cell_start[k] && sorted[t - 1] > i; --t) sorted[t] = sorted[t - 1];
      sorted[t] = i;
    }
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
