// A hashed uniform grid for neighbour search among particles (self-collision now; the fluid's density
// neighbourhoods later): cells of size `cell` hashed into a power-of-two table (Teschner et al. 2003,
// "Optimized Spatial Hashing for Collision Detection of Deformable Objects"), filled by a counting sort
// that both backends run with the same stages: count per bucket, exclusive scan, scatter.
#pragma once

#include "core/atomic.h"
#include "core/hd.h"
#include "core/vec3.h"

namespace sim {

SIM_HD int grid_coordinate(Real x, Real cell) { return int(floor(x / cell)); }

SIM_HD int hash_cell(int ix, int iy, int iz, unsigned mask) {
  const unsigned h = (unsigned(ix) * 73856093u) ^ (unsigned(iy) * 19349663u) ^ (unsigned(iz) * 83492791u);
  return int(h & mask);
}

SIM_HD int hash_position(Vec3 x, Real cell, unsigned mask) {
  return hash_cell(grid_coordinate(x.x, cell), grid_coordinate(x.y, cell), grid_coordinate(x.z, cell), mask);
}

// The grid as stages read it: bucket b holds sorted[bucket_start[b] .. bucket_start[b + 1]).
struct HashGridView {
  Real cell;                // cell edge [m], at least the search radius
  unsigned mask;            // table size − 1 (table size a power of two)
  const int* bucket_start;  // table size + 1 entries
  const int* sorted;        // particle indices grouped by bucket

  // Calls f(j) for every particle j in the 27 cells around x: every particle within `cell` of x, plus
  // others that share a bucket (callers test the distance). A bucket reached twice is visited once.
  template <class F>
  SIM_HD void for_each_near(Vec3 x, F&& f) const {
    const int cx = grid_coordinate(x.x, cell), cy = grid_coordinate(x.y, cell), cz = grid_coordinate(x.z, cell);
    int seen[27];
    int n_seen = 0;
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int b = hash_cell(cx + dx, cy + dy, cz + dz, mask);
          bool repeated = false;
          for (int s = 0; s < n_seen; ++s) repeated = repeated || seen[s] == b;
          if (repeated) continue;
          seen[n_seen++] = b;
          for (int s = bucket_start[b]; s < bucket_start[b + 1]; ++s) f(sorted[s]);
        }
  }
};

// Counting sort, pass 1: each particle's bucket, and the bucket sizes.
struct HashGridCount {
  const Vec3* x;
  Real cell;
  unsigned mask;
  int* particle_bucket;
  int* bucket_count;  // zeroed before; table size + 1 entries, the last stays 0
  SIM_HD void operator()(int i) const {
    const int b = hash_position(x[i], cell, mask);
    particle_bucket[i] = b;
    atomic_fetch_add(&bucket_count[b], 1);
  }
};

// Pass 3 (after bucket_start = exclusive scan of the counts): each particle into its bucket's range.
struct HashGridScatter {
  const int* particle_bucket;
  const int* bucket_start;
  int* bucket_fill;  // zeroed before
  int* sorted;
  SIM_HD void operator()(int i) const {
    const int b = particle_bucket[i];
    sorted[bucket_start[b] + atomic_fetch_add(&bucket_fill[b], 1)] = i;
  }
};

}  // namespace sim
