// CellGrid<Exec>: the buffers of geometry/cell_grid.h's counting sort over a box and the four stages that
// fill them, on either backend: count per cell, exclusive scan, scatter, each cell sorted by particle
// index. The fluid's neighbour search (detect/neighbour_search.h) builds one over its particles.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/aabb.h"
#include "core/position.h"
#include "geometry/cell_grid.h"

namespace sim {
inline namespace SIM_PRECISION {

// Cells a grid over n particles may have: eight per particle (a fluid at rest fills about one cell of edge
// h/2 = d in eight of a box twice its size), and a few thousand for small sets.
inline double cell_budget(size_t n) { return std::max(8.0 * double(n), 4096.0); }

template <class Exec>
class CellGrid {
 public:
  // Room for n particles in a grid over `box` in cells of edge R / cells_per_radius (R = `radius` [m]), or
  // larger ones where the box would hold more than cell_budget(n) of them; a walk covers ceil(R / cell)
  // cells each side.
  void reserve(size_t n, Aabb box, Real radius, int cells_per_radius) {
    Vec3 extent = box.hi - box.lo;
    Real cell = radius / Real(cells_per_radius);
    const auto along = [&](Real e) { return std::max(1, int(std::ceil(std::max(e, Real(0.0)) / cell))); };
    for (;;) {
      dims_ = {along(extent.x), along(extent.y), along(extent.z)};
      if (double(dims_.a) * dims_.b * dims_.c <= cell_budget(n)) break;
      cell *= 1.25;
    }
    origin_ = box.lo;
    cell_ = cell;
    reach_ = std::max(1, int(std::ceil(radius / cell - Real(1e-6))));
    const size_t cells = size_t(dims_.a) * size_t(dims_.b) * size_t(dims_.c);
    Exec::resize(particle_cell_, n);
    Exec::resize(sorted_, n);
    Exec::resize(cell_count_, n > 0 ? cells + 1 : 0);
  }

  // Sorts x[0..n) (n no more than reserved) into the cells; Core counts the launches
  // (solver/solver_core.h).
  template <class Core>
  void build(Core& core, const Position* x, int n) {
    core.clear(cell_count_);
    core.launch(n, CellGridCount{view(), x, Exec::data(particle_cell_), Exec::data(cell_count_)});
    ++core.launches;
    Exec::exclusive_scan(cell_count_, cell_start_, scan_scratch_);
    core.clear(cell_count_);
    core.launch(n, CellGridScatter{Exec::data(particle_cell_), Exec::data(cell_start_),
                                   Exec::data(cell_count_), Exec::data(sorted_)});
    core.launch(cells(), CellGridSortCell{Exec::data(cell_start_), Exec::data(sorted_)});
  }

  CellGridView view() const {
    return {origin_, cell_, reach_, dims_, Exec::data(cell_start_), Exec::data(sorted_)};
  }
  int cells() const { return dims_.a * dims_.b * dims_.c; }
  // Entry s of the sort holds particle sorted()[s]: particles grouped by cell.
  const int* sorted() const { return Exec::data(sorted_); }

 private:
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  Vec3 origin_{0.0, 0.0, 0.0};  // [m]
  Real cell_ = 0.0;             // cell edge [m]
  int reach_ = 1;
  Int3 dims_{1, 1, 1};
  Buffer<int> particle_cell_, cell_count_, cell_start_, sorted_;
  Buffer<unsigned char> scan_scratch_;  // the backend's working memory for the cell scan
};

}  // namespace SIM_PRECISION
}  // namespace sim
