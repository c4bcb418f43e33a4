// Cell-sorted neighbour search for particle fluids (Position Based Fluids §6; Green 2010, "Particle
// Simulation using CUDA"): the hashed grid of geometry/hash_grid.h sorts the particles by cell, and the
// solver then works on copies of their positions in that order (sorted index s holds particle
// sorted[s]), so the particles of one cell sit side by side in memory. Neighbours are found in the 27
// cells around each particle's cell at the last build, within the search radius R = h + margin:
//   NeighbourWalk::List   lists of up to `capacity` sorted indices per particle (list_capacity: twice what
//                         R holds at rest), built with the grid (one 27-cell walk per build, then each
//                         pass reads a list); more are counted and dropped, and the count reported;
//   NeighbourWalk::Cells  the 27-cell walk on the fly in every pass (no lists, no cap).
// Both visit a particle's neighbours in the same fixed order (cells by z, y, x; a cell's particles by
// index), so sums over neighbours have the same bits on any thread count or device. A build with margin 0
// finds exactly the particles within h; with a margin m, the lists stay complete until some particle has
// moved m/2 since the build (farthest_move tells), so they are rebuilt only then (Verlet lists).
#pragma once

#include "core/position.h"
#include "detect/hash_grid_builder.h"

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

// The neighbours of sorted index s, from the lists. A list has one slot beyond its capacity, which the
// build writes every candidate into before deciding (no branch on the distance) and nobody reads.
struct NeighbourLists {
  const int* list;   // capacity + 1 sorted indices per particle
  const int* count;  // found within R, which may exceed the capacity
  int capacity;
  SIM_HD static size_t stride(int capacity) { return size_t(capacity) + 1; }
  template <class F>
  SIM_HD void for_each(int s, F&& f) const {
    const int n = count[s] < capacity ? count[s] : capacity;
    const int* l = list + size_t(s) * stride(capacity);
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
  HashGridView grid;
  const Position* xs;  // positions in sorted order [m]
  Int3* cell;
  SIM_HD void operator()(int s) const { cell[s] = grid.cell_of(xs[s]); }
};

// At a build with lists: the neighbours within R of the particles of bucket b's cells, a cell at a time.
// The 27 cells around a cell are looked up once for up to kChunk of its particles, and each candidate is
// read once and tested against all of them; each list still receives its neighbours in the fixed order of
// the walk (cells by z, y, x; a cell's particles by index), so the lists equal the per-particle walk's.
struct BuildCellLists {
  static constexpr int kChunk = 12;
  HashGridView grid;
  const Position* xs;  // positions in sorted order [m]
  Real radius;     // R [m]
  int* list;
  int* count;
  int capacity;
  SIM_HD void operator()(int b) const {
    const int begin = grid.bucket_start[b], end = grid.bucket_start[b + 1];
    for (int s = begin; s < end; ++s) {
      const CellKey key = grid.sorted_key[s];
      bool first = true;  // s is the first entry of its cell in the bucket (cells may share a bucket)
      for (int t = begin; t < s && first; ++t) first = grid.sorted_key[t] != key;
      if (!first) continue;
      const Int3 c = grid.cell_of(xs[s]);
      for (int m = s; m < end;) m = build_chunk(c, key, m, end);
    }
  }

 private:
  // Lists of the next (up to) kChunk entries of cell `key` from entry m on; returns where the next chunk
  // starts.
  SIM_HD int build_chunk(Int3 c, CellKey key, int m, int end) const {
    int own[kChunk];
    Vec3 at[kChunk];
    int found[kChunk];
    int k = 0;
    for (; m < end && k < kChunk; ++m)
      if (grid.sorted_key[m] == key) {
        own[k] = m;
        at[k] = xs[m];
        found[k] = 0;
        ++k;
      }
    const Real r2 = radius * radius;
    grid.for_each_slot_near(c, [&](int t) {
      const Vec3 y = xs[t];
      for (int q = 0; q < k; ++q) {
        const int slot = found[q] < capacity ? found[q] : capacity;
        list[size_t(own[q]) * NeighbourLists::stride(capacity) + size_t(slot)] = t;
        found[q] += (t != own[q]) & (length_squared(at[q] - y) < r2);
      }
    });
    for (int q = 0; q < k; ++q) count[own[q]] = found[q];
    return m;
  }
};

template <class Exec>
class NeighbourSearch {
 public:
  // Room for n particles; `capacity` neighbours per list (list_capacity) with NeighbourWalk::List; with
  // track_moves, the positions at each build are kept for farthest_move.
  void reserve(size_t n, NeighbourWalk walk, int capacity, bool track_moves) {
    walk_ = walk;
    capacity_ = walk == NeighbourWalk::List ? capacity : 0;
    grid_.reserve(n);
    Exec::resize(xs_, n);
    Exec::resize(built_, track_moves ? n : 0);
    Exec::resize(cell_, walk == NeighbourWalk::Cells ? n : 0);
    Exec::resize(list_, capacity_ > 0 ? n * NeighbourLists::stride(capacity_) : 0);
    Exec::resize(count_, walk == NeighbourWalk::List ? n : 0);
  }

  // Sorts x[0..n) into cells of edge `radius` (R) and gathers their positions in that order; with lists,
  // each particle's neighbours within R.
  template <class Core>
  void build(Core& core, const Position* x, int n, Real radius) {
    grid_.build(core, x, n, radius);
    gather(core, x, n);
    if (Exec::size(built_) > 0) {
      Exec::copy(built_, xs_);
      ++core.launches;
    }
    if (walk_ == NeighbourWalk::List)
      core.launch(grid_.buckets(), BuildCellLists{grid_.view(), Exec::data(xs_), radius, Exec::data(list_),
                                                  Exec::data(count_), capacity_});
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
      f(NeighbourLists{Exec::data(list_), Exec::data(count_), capacity_});
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
  int capacity_ = 0;
  HashGrid<Exec> grid_;
  Buffer<Position> xs_;  // positions in sorted order [m]
  Buffer<Position> built_;  // xs_ at the build, with track_moves [m]
  Buffer<unsigned char> scratch_;  // the backend's working memory for farthest_move's reduction
  Buffer<Int3> cell_;              // each sorted particle's cell at the build, for the cell walk
  Buffer<int> list_;    // NeighbourLists::stride(capacity_) per sorted particle
  Buffer<int> count_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
