// A hashed uniform grid for neighbour search among particles and bodies in unbounded scenes (self-collision,
// contacts with bodies; the fluid's box has a dense grid, geometry/cell_grid.h): cells of size `cell` hashed
// into a power-of-two table (Teschner et al. 2003, "Optimized Spatial Hashing for Collision Detection of
// Deformable Objects"), filled by a counting sort that both backends run with the same stages: count per
// bucket, exclusive scan, scatter, then each bucket sorted by particle index. The scatter places a bucket's
// particles in whatever order threads arrive; the sort makes the grid, and every walk over it, the same on
// any thread count or device.
#pragma once

#include "core/atomic.h"
#include "core/hd.h"
#include "core/index.h"
#include "core/position.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

// A non-finite or huge coordinate (a diverging run, which the divergence check reports after the step)
// maps to cell 0: converting it to int would be undefined, and so would cx ± 1 at the int limits.
SIM_HD int grid_coordinate(Real x, Real cell) {
  const Real q = floor(x / cell);
  return fabs(q) < 1e9 ? int(q) : 0;  // false for NaN too
}

SIM_HD int hash_cell(int ix, int iy, int iz, unsigned mask) {
  const unsigned h = (unsigned(ix) * 73856093u) ^ (unsigned(iy) * 19349663u) ^ (unsigned(iz) * 83492791u);
  return int(h & mask);
}

// The cell's own name, 21 bits per coordinate: tells apart the cells that share a bucket (cells 2²¹
// apart alias, and the callers' distance test rejects what they hold).
using CellKey = unsigned long long;
SIM_HD CellKey cell_key(int ix, int iy, int iz) {
  const CellKey m = 0x1FFFFF;
  return ((CellKey(unsigned(ix)) & m) << 42) | ((CellKey(unsigned(iy)) & m) << 21) | (CellKey(unsigned(iz)) & m);
}

// The grid as stages read it: bucket b holds sorted[bucket_start[b] .. bucket_start[b + 1]), and
// sorted_key names the cell of each entry.
struct HashGridView {
  Real cell;                   // cell edge [m], at least the search radius
  unsigned mask;               // table size − 1 (table size a power of two)
  const int* bucket_start;     // table size + 1 entries
  const int* sorted;           // particle indices grouped by bucket
  const CellKey* sorted_key;   // the cell of each entry of `sorted`

  // The cell of x.
  SIM_HD Int3 cell_of(Vec3 x) const {
    return {grid_coordinate(x.x, cell), grid_coordinate(x.y, cell), grid_coordinate(x.z, cell)};
  }

  // Calls f(s) once for every entry s of `sorted` in the 27 cells around cell c, in a fixed order (cells
  // by z, y, x; a bucket's entries by particle index). Entries of other cells that share a bucket are
  // skipped.
  template <class F>
  SIM_HD void for_each_slot_near(Int3 c, F&& f) const {
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const CellKey key = cell_key(c.a + dx, c.b + dy, c.c + dz);
          const int b = hash_cell(c.a + dx, c.b + dy, c.c + dz, mask);
          for (int s = bucket_start[b]; s < bucket_start[b + 1]; ++s)
            if (sorted_key[s] == key) f(s);
        }
  }

  // Calls f(j) once for every particle j in the 27 cells around x, which holds every particle within
  // `cell` of x (callers test the distance).
  template <class F>
  SIM_HD void for_each_near(Vec3 x, F&& f) const {
    for_each_slot_near(cell_of(x), [&](int s) { f(sorted[s]); });
  }
};

// Counting sort, pass 1: each particle's cell and bucket, and the bucket sizes.
struct HashGridCount {
  const Position* x;
  Real cell;
  unsigned mask;
  int* particle_bucket;
  CellKey* particle_key;
  int* bucket_count;  // zeroed before; table size + 1 entries, the last stays 0
  SIM_HD void operator()(int i) const {
    const int ix = grid_coordinate(x[i].x, cell), iy = grid_coordinate(x[i].y, cell), iz = grid_coordinate(x[i].z, cell);
    const int b = hash_cell(ix, iy, iz, mask);
    particle_bucket[i] = b;
    particle_key[i] = cell_key(ix, iy, iz);
    atomic_fetch_add(&bucket_count[b], 1);
  }
};

// Pass 3 (after bucket_start = exclusive scan of the counts): each particle into its bucket's range.
struct HashGridScatter {
  const int* particle_bucket;
  const CellKey* particle_key;
  const int* bucket_start;
  int* bucket_fill;  // zeroed before
  int* sorted;
  CellKey* sorted_key;
  SIM_HD void operator()(int i) const {
    const int b = particle_bucket[i];
    const int slot = bucket_start[b] + atomic_fetch_add(&bucket_fill[b], 1);
    sorted[slot] = i;
    sorted_key[slot] = particle_key[i];
  }
};

// Pass 4: each bucket's entries in ascending particle index (insertion sort: buckets hold a few entries).
struct HashGridSortBucket {
  const int* bucket_start;
  int* sorted;
  CellKey* sorted_key;
  SIM_HD void operator()(int b) const {
    for (int s = bucket_start[b] + 1; s < bucket_start[b + 1]; ++s) {
      const int i = sorted[s];
      const CellKey key = sorted_key[s];
      int t = s;
      for (; t > bucket_start[b] && sorted[t - 1] > i; --t) {
        sorted[t] = sorted[t - 1];
        sorted_key[t] = sorted_key[t - 1];
      }
      sorted[t] = i;
      sorted_key[t] = key;
    }
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
