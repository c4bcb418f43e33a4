// Self-collision through the hashed grid: a random cloud of overlapping particles (no gravity, no
// exclusion) is pushed apart until no pair overlaps — which holds only if the grid finds every pair,
// whatever buckets their cells hash to. The contact lists are the same on every run. Cell coordinates stay
// defined for the positions of a diverging run.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "collide/hash_grid.h"
#include "test_util.h"

namespace sim {
namespace {

constexpr Real kRadius = 0.01;  // [m]

Built particle_cloud(int n, Real box) {
  ModelBuilder b;
  b.set_gravity({0.0, 0.0, 0.0});
  std::mt19937 rng(7);
  std::uniform_real_distribution<Real> u(0.0, box);
  for (int i = 0; i < n; ++i) b.add_particle({u(rng), u(rng), u(rng)}, 1.0, kRadius);
  SelfCollision self;
  self.enabled = true;
  self.margin = kRadius;
  self.exclusion = 0.0;
  b.set_self_collision(self);
  return b.finalize();
}

double closest_pair(const std::vector<Vec3>& x) {
  double closest = 1e9;
  for (size_t i = 0; i < x.size(); ++i)
    for (size_t j = i + 1; j < x.size(); ++j) closest = std::min(closest, double(length(x[i] - x[j])));
  return closest;
}

TEST(SelfCollision, SeparatesEveryOverlappingPair) {
  // 3000 particles of diameter 2 cm in a 25 cm box: about a third of them start overlapping a neighbour.
  World world(particle_cloud(3000, 0.25), BackendKind::Cpu);
  ASSERT_LT(closest_pair(world.state().particle_x), 0.5 * kRadius);
  Settings s = test::make_settings(10, 1);
  s.damping = 20.0;  // the cloud comes to rest instead of flying apart
  test::run_frames(world, s, 60);
  EXPECT_GT(closest_pair(world.state().particle_x), 0.95 * 2.0 * kRadius);
}

TEST(SelfCollision, IsDeterministic) {
  World a(particle_cloud(3000, 0.25), BackendKind::Cpu), b(particle_cloud(3000, 0.25), BackendKind::Cpu);
  const Settings s = test::make_settings(10, 1);
  test::run_frames(a, s, 10);
  test::run_frames(b, s, 10);
  for (size_t i = 0; i < a.state().particle_x.size(); ++i)
    ASSERT_EQ(length(a.state().particle_x[i] - b.state().particle_x[i]), 0.0) << "particle " << i;
}

TEST(HashGrid, CellCoordinatesAreFloorsAndStayDefinedForNonFinitePositions) {
  EXPECT_EQ(grid_coordinate(0.25, 0.1), 2);
  EXPECT_EQ(grid_coordinate(-0.05, 0.1), -1);
  EXPECT_EQ(grid_coordinate(std::numeric_limits<Real>::quiet_NaN(), 0.1), 0);
  EXPECT_EQ(grid_coordinate(std::numeric_limits<Real>::infinity(), 0.1), 0);
  EXPECT_EQ(grid_coordinate(-1e300, 0.1), 0);
}

}  // namespace
}  // namespace sim
