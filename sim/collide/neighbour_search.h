// Cell-sorted neighbour search for particle fluids (Position Based Fluids §6; Green 2010, "Particle
// Simulation using CUDA"): the hashed grid of collide/hash_grid.h sorts the particles by cell, and the
// solver then works on copies of their positions in that order (sorted index s holds particle
// sorted[s]), so the particles of one cell sit side by side in memory. Neighbours are found in the 27
// cells around each particle's cell at the last build, within the search radius R = h + margin:
//   NeighbourWalk::List   lists of up to kMaxNeighbours sorted indices per particle, built with the grid
//                         (one 27-cell walk per build, then each pass reads a list);
//   NeighbourWalk::Cells  the 27-cell walk on the fly in every pass (no lists, no cap).
// Both visit a particle's neighbours in the same fixed order (cells by z, y, x; a cell's particles by
// index), so sums over neighbours have the same bits on any thread count or device. A build between
// substeps with margin 0 finds exactly the particles within h; a build once per frame needs a margin
// larger than what two particles close in over the frame.
#pragma once

#include "collide/hash_grid_builder.h"

namespace sim {

enum class NeighbourWalk { List, Cells };

// A list holds at most this many neighbours; further ones are counted and dropped (the count shows it).
inline constexpr int kMaxNeighbours = 96;

// The neighbours of sorted index s, from the lists.
struct NeighbourLists {
  const int* list;   // kMaxNeighbours sorted indices per particle
  const int* count;  // found within R, which may exceed kMaxNeighbours
  template <class F>
  SIM_HD void for_each(int s, F&& f) const {
    const int n = count[s] < kMaxNeighbours ? count[s] : kMaxNeighbours;
    const int* l = list + size_t(s) * kMaxNeighbours;
    for (int k = 0; k < n; ++k) f(l[k]);
  }
};

// The neighbour candidates of sorted index s, walked in the grid: every other particle of the 27 cells
// around s's cell at the build (callers test the distance).
struct CellWalk {
  HashGridView grid;
  const Int3* cell;  // of each sorted index at the build
  template <class F>
  SIM_HD void for_each(int s, F&& f) const {
    grid.for_each_slot_near(cell[s], [&](int t) {
      if (t != s) f(t);
    });
  }
};

// xs[s] = x[sorted[s]]: a particle array (positions, velocities, inverse masses) in sorted order.
template <class T>
struct GatherSorted {
  const int* sorted;
  const T* x;
  T* xs;
  SIM_HD void operator()(int s) const { xs[s] = x[sorted[s]]; }
};

// At a build: each sorted particle's cell and, for the lists, its neighbours within R.
struct BuildNeighbours {
  HashGridView grid;
  const Vec3* xs;  // positions in sorted order [m]
  Real radius;     // R [m]
  Int3* cell;
  int* list;       // null: no lists
  int* count;
  SIM_HD void operator()(int s) const {
    cell[s] = grid.cell_of(xs[s]);
    if (!list) return;
    const CellWalk walk{grid, cell};
    int* l = list + size_t(s) * kMaxNeighbours;
    int n = 0;
    const Real r2 = radius * radius;
    walk.for_each(s, [&](int t) {
      if (length_squared(xs[s] - xs[t]) >= r2) return;
      if (n < kMaxNeighbours) l[n] = t;
      ++n;
    });
    count[s] = n;
  }
};

template <class Exec>
class NeighbourSearch {
 public:
  void reserve(size_t n, NeighbourWalk walk) {
    walk_ = walk;
    grid_.reserve(n);
    Exec::resize(xs_, n);
    Exec::resize(cell_, n);
    Exec::resize(list_, walk == NeighbourWalk::List ? n * kMaxNeighbours : 0);
    Exec::resize(count_, walk == NeighbourWalk::List ? n : 0);
  }

  // Sorts x[0..n) into cells of edge `radius` (R) and gathers their positions in that order; with lists,
  // each particle's neighbours within R.
  template <class Core>
  void build(Core& core, const Vec3* x, int n, Real radius) {
    grid_.build(core, x, n, radius);
    gather(core, x, n);
    const bool lists = walk_ == NeighbourWalk::List;
    core.launch(n, BuildNeighbours{grid_.view(), Exec::data(xs_), radius, Exec::data(cell_),
                                   lists ? Exec::data(list_) : nullptr, lists ? Exec::data(count_) : nullptr});
  }

  // positions() = x in sorted order, for the passes between builds.
  template <class Core>
  void gather(Core& core, const Vec3* x, int n) {
    core.launch(n, GatherSorted<Vec3>{sorted(), x, Exec::data(xs_)});
  }

  // Calls f(hood) with the neighbourhood the passes walk: NeighbourLists or CellWalk.
  template <class F>
  void with_neighbourhood(F&& f) const {
    if (walk_ == NeighbourWalk::List)
      f(NeighbourLists{Exec::data(list_), Exec::data(count_)});
    else
      f(CellWalk{grid_.view(), Exec::data(cell_)});
  }

  const int* sorted() const { return grid_.sorted(); }
  const Vec3* positions() const { return Exec::data(xs_); }
  Vec3* positions() { return Exec::data(xs_); }
  // With lists: how many neighbours each sorted particle had within R at the build.
  const int* counts() const { return walk_ == NeighbourWalk::List ? Exec::data(count_) : nullptr; }
  NeighbourWalk walk() const { return walk_; }

 private:
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  NeighbourWalk walk_ = NeighbourWalk::List;
  HashGrid<Exec> grid_;
  Buffer<Vec3> xs_;     // positions in sorted order [m]
  Buffer<Int3> cell_;   // each sorted particle's cell at the build
  Buffer<int> list_;    // kMaxNeighbours per sorted particle
  Buffer<int> count_;
};

}  // namespace sim
