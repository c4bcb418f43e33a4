// Cell-sorted neighbour search for particle fluids (Position Based Fluids §6; Green 2010, "Particle
// Simulation using CUDA"): the dense grid of geometry/cell_grid.h sorts the particles by cell, and the
// solver then works on copies of their positions in that order (sorted index s holds particle
// sorted[s]), so the particles of one cell sit side by side in memory. Neighbours are found in the 27
// cells of R (or 125 of R/2, cells_per_radius) around each particle's cell at the last build, within the
// search radius R = h + margin:
//   NeighbourWalk::List   lists of up to `capacity` sorted indices per particle (list_capacity: twice what
//                         R holds at rest), built with the grid (one 27-cell walk per build, then each
//                         pass reads a list); more are counted and dropped, and the count reported. A
//                         list is a row of memory on the CPU (one thread reads it in one run) and a column
//                         on CUDA (slot k of consecutive particles side by side: a warp reads 32 in one
//                         transaction; issue 51 item 1);
//   NeighbourWalk::Cells  the 27-cell walk on the fly in every pass (no lists, no cap).
// Both visit a particle's neighbours in the same fixed order (cells by z, y, x; a cell's particles by
// index), so sums over neighbours have the same bits on any thread count or device. A build with margin 0
// finds exactly the particles within h; with a margin m, the lists stay complete until some particle has
// moved m/2 since the build (farthest_move tells), so they are rebuilt only then (Verlet lists).
#pragma once

#include "core/aabb.h"
#include "core/position.h"
#include "detect/cell_grid_builder.h"

namespace sim {
inline namespace SIM_PRECISION {

enum class NeighbourWalk { List, Cells };

// Room per list for search radius R among particles of spacing d: twice the 4π/3 (R/d)³ neighbours of a
// particle at rest, so that compression and splashes fit.
inline int list_capacity(Real radius, Real spacing) {
  const Real q = radius / spacing;
  return int(ceil(2.0 * 4.18879020478639098 * q * q * q)) + 8;
}
inline constexpr int kMaxListCapacity = 1024;  // a larger R over d is refused (registry/builder.cpp)

// Where slot k of sorted index s's list lies: s * particle + k * slot.
struct ListLayout {
  size_t particle, slot;
  SIM_HD size_t at(int s, int k) const { return size_t(s) * particle + size_t(k) * slot; }
  static ListLayout rows(int capacity) { return {size_t(capacity) + 1, 1}; }
  static ListLayout columns(size_t n) { return {1, n}; }
};

// The neighbours of sorted index s, from the lists. A list has one slot beyond its capacity, which the
// build writes every candidate into before deciding (no branch on the distance) and nobody reads.
struct NeighbourLists {
  const int* list;   // capacity + 1 slots per particle, laid out by `layout`
  const int* count;  // found within R, which may exceed the capacity
  int capacity;
  ListLayout layout;
  template <class F>
  SIM_HD void for_each(int s, F&& f) const {
    const int n = count[s] < capacity ? count[s] : capacity;
    for (int k = 0; k < n; ++k) f(list[layout.at(s, k)]);
  }
};

// The neighbour candidates of sorted index s, walked in the grid: every other particle of the 27 cells
// around s's cell at the build (callers test the distance).
struct CellWalk {
  CellGridView grid;
  const Int3* cell;  // of each sorted index at the build
  template <class F>
  SIM_HD void for_each(int s, F&& f) const {
    grid.for_each_slot_near(cell[s], [&](int t) {
      if (t != s) f(t);
    });
  }
};

// The largest squared displacement of a particle since the build: particle sorted[s] against where the
// build saw it, combined by Exec::reduce.
struct Farthest {
  Real d2 = 0.0;  // [m²]
  SIM_HD static Farthest combine(Farthest a, Farthest b) { return {a.d2 > b.d2 ? a.d2 : b.d2}; }
};
struct MoveSinceBuild {
  const int* sorted;
  const Position* x;
  const Position* built;  // positions at the build in sorted order [m]
  SIM_HD Farthest operator()(int s) const { return {length_squared(x[sorted[s]] - built[s])}; }
};

// xs[s] = x[sorted[s]]: a particle array (positions, velocities, inverse masses) in sorted order.
template <class T>
struct GatherSorted {
  const int* sorted;
  const T* x;
  T* xs;
  SIM_HD void operator()(int s) const { xs[s] = x[sorted[s]]; }
};

// At a build for the cell walk: each sorted particle's cell (what CellWalk reads).
struct LocateCells {
  CellGridView grid;
  const Position* xs;  // positions in sorted order [m]
  Int3* cell;
  SIM_HD void operator()(int s) const { cell[s] = grid.cell_of(xs[s]); }
};

// At a build with lists: the neighbours within R of the particles of cell k. The 27 cells around it are
// walked once for up to kChunk of its particles, and each candidate is read once and tested against all
// of them; each list still receives its neighbours in the fixed order of the walk (cells by z, y, x; a
// cell's particles by index), so the lists equal the per-particle walk's.
struct BuildCellLists {
  static constexpr int kChunk = 12;
  CellGridView grid;
  const Position* xs;  // positions in sorted order [m]
  Real radius;     // R [m]
  int* list;
  int* count;
  int capacity;
  ListLayout layout;
  SIM_HD void operator()(int k) const {
    const Int3 c = grid.coordinates(k);
    for (int m = grid.cell_start[k]; m < grid.cell_start[k + 1]; m += kChunk)
      build_chunk(c, m, grid.cell_start[k + 1] < m + kChunk ? grid.cell_start[k + 1] : m + kChunk);
  }

 private:
  // Lists of the cell's entries [begin, end), no more than kChunk.
  SIM_HD void build_chunk(Int3 c, int begin, int end) const {
    Vec3 at[kChunk];
    int found[kChunk];
    const int k = end - begin;
    for (int q = 0; q < k; ++q) {
      at[q] = xs[begin + q];
      found[q] = 0;
    }
    const Real r2 = radius * radius;
    grid.for_each_slot_near(c, [&](int t) {
      const Vec3 y = xs[t];
      for (int q = 0; q < k; ++q) {
        const int slot = found[q] < capacity ? found[q] : capacity;
        list[layout.at(begin + q, slot)] = t;
        found[q] += (t != begin + q) & (length_squared(at[q] - y) < r2);
      }
    });
    for (int q = 0; q < k; ++q) count[begin + q] = found[q];
  }
};

// Cells per search radius R. The cell walk takes 2: a particle's candidates then fill 5³ cells of R/2, 15.6 R³,
// where 3³ cells of R hold 27 R³ (4.2 R³ of them within R); its frame took 0.72 the time at 101k particles
// (10 x 1, 2-core AMD EPYC). The list build takes 1: it walks a cell's surroundings once for all the
// particles of the cell, about 8 in a cell of R = h = 2d, and at 2 it took 1.39 the time.
inline int cells_per_radius(NeighbourWalk walk) { return walk == NeighbourWalk::Cells ? 2 : 1; }

template <class Exec>
class NeighbourSearch {
 public:
  // Room for n particles in a grid over `box` (particles outside it cost time, not neighbours) searched
  // within `radius` (R) [m]; `capacity` neighbours per list (list_capacity) with NeighbourWalk::List, each
  // a row of memory or, `transposed`, a column (the default on CUDA); with track_moves, the positions at
  // each build are kept for farthest_move.
  void reserve(size_t n, Aabb box, Real radius, NeighbourWalk walk, int capacity, bool track_moves,
               bool transposed = !Exec::kHostMemory) {
    walk_ = walk;
    radius_ = radius;
    capacity_ = walk == NeighbourWalk::List ? capacity : 0;
    layout_ = transposed ? ListLayout::columns(n) : ListLayout::rows(capacity_);
    grid_.reserve(n, box, radius, cells_per_radius(walk));
    Exec::resize(xs_, n);
    Exec::resize(built_, track_moves ? n : 0);
    Exec::resize(cell_, walk == NeighbourWalk::Cells ? n : 0);
    Exec::resize(list_, capacity_ > 0 ? n * (size_t(capacity_) + 1) : 0);
    Exec::resize(count_, walk == NeighbourWalk::List ? n : 0);
  }

  // Sorts x[0..n) into the grid's cells and gathers their positions in that order; with lists, each
  // particle's neighbours within R.
  template <class Core>
  void build(Core& core, const Position* x, int n) {
    grid_.build(core, x, n);
    gather(core, x, n);
    if (Exec::size(built_) > 0) {
      Exec::copy(built_, xs_);
      ++core.launches;
    }
    if (walk_ == NeighbourWalk::List)
      core.launch(grid_.cells(), BuildCellLists{grid_.view(), Exec::data(xs_), radius_, Exec::data(list_),
                                                Exec::data(count_), capacity_, layout_});
    else
      core.launch(n, LocateCells{grid_.view(), Exec::data(xs_), Exec::data(cell_)});
  }

  // How far the particle that moved most has gone since the build [m] (reserved with track_moves).
  template <class Core>
  Real farthest_move(Core& core, const Position* x, int n) {
    ++core.launches;
    return sqrt(
        Exec::template reduce<Farthest>(n, MoveSinceBuild{sorted(), x, Exec::data(built_)}, scratch_).d2);
  }

  // positions() = x in sorted order, for the passes between builds.
  template <class Core>
  void gather(Core& core, const Position* x, int n) {
    core.launch(n, GatherSorted<Position>{sorted(), x, Exec::data(xs_)});
  }

  // Calls f(hood) with the neighbourhood the passes walk: NeighbourLists or CellWalk.
  template <class F>
  void with_neighbourhood(F&& f) const {
    if (walk_ == NeighbourWalk::List)
      f(NeighbourLists{Exec::data(list_), Exec::data(count_), capacity_, layout_});
    else
      f(CellWalk{grid_.view(), Exec::data(cell_)});
  }

  const int* sorted() const { return grid_.sorted(); }
  const Position* positions() const { return Exec::data(xs_); }
  Position* positions() { return Exec::data(xs_); }
  // With lists: how many neighbours each sorted particle had within R at the build.
  const int* counts() const { return walk_ == NeighbourWalk::List ? Exec::data(count_) : nullptr; }
  NeighbourWalk walk() const { return walk_; }
  int capacity() const { return capacity_; }  // of a list; 0 for the cell walk, which has no cap

 private:
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  NeighbourWalk walk_ = NeighbourWalk::List;
  Real radius_ = 0.0;  // R [m]
  int capacity_ = 0;
  ListLayout layout_ = ListLayout::rows(0);
  CellGrid<Exec> grid_;
  Buffer<Position> xs_;  // positions in sorted order [m]
  Buffer<Position> built_;  // xs_ at the build, with track_moves [m]
  Buffer<unsigned char> scratch_;  // the backend's working memory for farthest_move's reduction
  Buffer<Int3> cell_;              // each sorted particle's cell at the build, for the cell walk
  Buffer<int> list_;               // capacity_ + 1 slots per sorted particle, laid out by layout_
  Buffer<int> count_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
