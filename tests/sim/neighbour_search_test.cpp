// The fluids' cell-sorted neighbour search (detect/neighbour_search.h) against brute force: on random
// particle sets, including particles far outside the grid's box and several in one spot, both walks
// (lists in rows or columns, cells) find exactly the pairs closer than the search radius, each once, in an
// order that does not depend on the order the loops ran in; a box too large for cells of R gets larger
// cells and the same neighbours.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "detect/neighbour_search.h"
#include "exec/cpu_exec.h"
#include "shuffled_exec.h"
#include "solver/solver_core.h"

namespace sim {
namespace {

std::vector<Vec3> random_set(unsigned seed, int n) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<Vec3> x;
  for (int i = 0; i < n; ++i) x.push_back({unit(rng), unit(rng), unit(rng)});
  // Outliers: far away, negative, huge, and clusters of coincident or nearly coincident particles.
  for (const Vec3 far : {Vec3{-1e4, 3.0, 2.0}, Vec3{1e6, -1e6, 5e5}, Vec3{-250.0, -250.0, -250.0}})
    for (int k = 0; k < 4; ++k) x.push_back(far + Vec3{0.01 * k, 0.0, 0.0});
  for (int k = 0; k < 3; ++k) x.push_back({0.5, 0.5, 0.5});
  return x;
}

const Aabb kUnitBox{{0.0, 0.0, 0.0}, {1.0, 1.0, 1.0}};  // where random_set puts all but its outliers

// Every particle's neighbours within radius as particle indices, by the search with `walk` in a grid over
// `box`, lists in columns when `transposed`.
template <class Exec>
std::vector<std::vector<int>> search(const std::vector<Vec3>& x, Real radius, NeighbourWalk walk,
                                     Aabb box = kUnitBox, bool transposed = false) {
  SolverCore<Exec> core;
  typename Exec::template Buffer<Position> xb;
  Exec::upload(xb, std::vector<Position>(x.begin(), x.end()));
  NeighbourSearch<Exec> s;
  const int n = int(x.size());
  s.reserve(size_t(n), box, radius, walk, 96, false, transposed);
  s.build(core, Exec::data(xb), n);
  std::vector<std::vector<int>> found{size_t(n)};
  s.with_neighbourhood([&](auto hood) {
    for (int i = 0; i < n; ++i)
      hood.for_each(i, [&](int t) {
        if (length_squared(s.positions()[i] - s.positions()[t]) < radius * radius)
          found[size_t(s.sorted()[i])].push_back(s.sorted()[t]);
      });
  });
  return found;
}

TEST(NeighbourSearch, EqualsBruteForceOnRandomSetsWithOutliers) {
  for (const unsigned seed : {1u, 2u, 3u})
    for (const Real radius : {0.03, 0.08, 0.15}) {  // up to ~42 neighbours: within a list
      const std::vector<Vec3> x = random_set(seed, 3000);
      const int n = int(x.size());
      std::vector<std::set<int>> brute{size_t(n)};
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          if (i != j && length_squared(x[size_t(i)] - x[size_t(j)]) < radius * radius) brute[size_t(i)].insert(j);
      for (const NeighbourWalk walk : {NeighbourWalk::List, NeighbourWalk::Cells}) {
        const auto found = search<CpuExec>(x, radius, walk);
        for (int i = 0; i < n; ++i) {
          const std::set<int> once(found[size_t(i)].begin(), found[size_t(i)].end());
          ASSERT_EQ(once.size(), found[size_t(i)].size()) << "a neighbour listed twice, particle " << i;
          ASSERT_EQ(once, brute[size_t(i)]) << "particle " << i << ", radius " << radius << ", seed " << seed
                                            << (walk == NeighbourWalk::List ? ", lists" : ", cells");
        }
      }
    }
}

// Lists in columns (CUDA's layout) hold what lists in rows hold, in the same order; a box of 1e8 cells of R
// is searched in at most cell_budget(n) larger ones and finds the same.
TEST(NeighbourSearch, ColumnsAndLargerCellsFindTheSameInTheSameOrder) {
  const std::vector<Vec3> x = random_set(5, 2000);
  const auto rows = search<CpuExec>(x, 0.05, NeighbourWalk::List);
  EXPECT_EQ(search<CpuExec>(x, 0.05, NeighbourWalk::List, kUnitBox, true), rows);
  const Aabb wide{{-12.0, -12.0, -12.0}, {12.0, 12.0, 12.0}};
  for (const NeighbourWalk walk : {NeighbourWalk::List, NeighbourWalk::Cells}) {
    const auto found = search<CpuExec>(x, 0.05, walk, wide);
    for (size_t i = 0; i < x.size(); ++i) {
      std::vector<int> a = found[i], b = rows[i];
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      ASSERT_EQ(a, b) << "particle " << i;
    }
  }
}

TEST(NeighbourSearch, SameNeighboursInTheSameOrderWhateverTheLoopOrder) {
  const std::vector<Vec3> x = random_set(7, 2000);
  for (const NeighbourWalk walk : {NeighbourWalk::List, NeighbourWalk::Cells}) {
    const auto forward = search<CpuExec>(x, 0.1, walk);
    for (const uint64_t seed : {0ull, 12345ull}) {
      test::ShuffledExec::reseed(seed);
      EXPECT_EQ(search<test::ShuffledExec>(x, 0.1, walk), forward) << "loop seed " << seed;
    }
  }
}

// A crowd beyond a list's capacity is counted, not overrun: the lists keep the first `capacity` in the walk's
// order (one cell here: by particle index).
TEST(NeighbourSearch, ListsCountWhatTheyCannotHold) {
  const int capacity = 20, crowd = 2 * capacity;
  std::vector<Vec3> x;
  for (int i = 0; i < crowd; ++i) x.push_back({1e-4 * i, 0.0, 0.0});
  SolverCore<CpuExec> core;
  CpuExec::Buffer<Position> xb;
  CpuExec::upload(xb, std::vector<Position>(x.begin(), x.end()));
  NeighbourSearch<CpuExec> s;
  s.reserve(x.size(), kUnitBox, 0.1, NeighbourWalk::List, capacity, false);
  s.build(core, CpuExec::data(xb), int(x.size()));
  for (int i = 0; i < crowd; ++i) EXPECT_EQ(s.counts()[i], crowd - 1);
  for (const int i : {0, crowd - 1}) {
    std::vector<int> kept;
    s.with_neighbourhood([&](auto hood) { hood.for_each(i, [&](int t) { kept.push_back(s.sorted()[t]); }); });
    std::vector<int> expected;
    for (int j = 0; int(expected.size()) < capacity; ++j)
      if (j != s.sorted()[i]) expected.push_back(j);
    EXPECT_EQ(kept, expected) << "particle " << s.sorted()[i];
  }
}

// The room a list gets: twice the neighbours of a particle at rest, 4π/3 (R/d)³ (33.5 at R = 2d).
TEST(NeighbourSearch, ListCapacityIsTwiceTheRestNeighbourhood) {
  EXPECT_EQ(list_capacity(0.2, 0.1), 68 + 8);
  EXPECT_LE(list_capacity(0.25, 0.1), kMaxListCapacity);  // the scene's largest kernel ratio
}

}  // namespace
}  // namespace sim
