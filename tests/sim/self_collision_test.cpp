// Self-collision through the hashed grid: a random cloud of overlapping particles (no gravity, no
// exclusion) is pushed apart until no pair overlaps — which holds only if the grid finds every pair,
// whatever buckets their cells hash to. The contact lists are the same on every run. Cell coordinates stay
// defined for the positions of a diverging run.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "geometry/hash_grid.h"
#include "test_util.h"

namespace sim {
namespace {

constexpr Real kRadius = 0.01;  // [m]

// n particles of radius kRadius at random in a cube of edge `box`, of 1 kg or of random masses in
// [0.2, 5] kg.
Built particle_cloud(int n, Real box, bool random_masses = false) {
  ModelBuilder b;
  b.set_gravity({0.0, 0.0, 0.0});
  std::mt19937 rng(7);
  std::uniform_real_distribution<Real> u(0.0, box), mass(0.2, 5.0);
  for (int i = 0; i < n; ++i)
    b.add_particle({u(rng), u(rng), u(rng)}, random_masses ? mass(rng) : 1.0, kRadius);
  SelfCollision self;
  self.enabled = true;
  self.margin = kRadius;
  self.exclusion = 0.0;
  b.set_self_collision(self);
  return b.finalize();
}

double closest_pair(const std::vector<Position>& x) {
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

// Issue 10 item 6: nothing but self-contacts acts on the cloud, so its momentum Σ m v stays 0 while
// they push it apart (every pair's impulses equal and opposite). Dense and of unequal masses, so that
// particles have different contact counts and some have more than kMaxSelfContacts candidates.
TEST(SelfCollision, ConservesLinearMomentum) {
  World world(particle_cloud(3000, 0.15, true), BackendKind::Cpu);
  test::run_frames(world, test::make_settings(10, 1), 10);
  Vec3 momentum{0.0, 0.0, 0.0};
  double moving = 0.0;  // Σ m |v|, the scale of the motion [kg·m/s]
  for (int i = 0; i < world.model().particle_count(); ++i) {
    const Real m = 1.0 / world.model().particle_inv_mass[size_t(i)];
    momentum += m * world.state().particle_v[size_t(i)];
    moving += m * length(world.state().particle_v[size_t(i)]);
  }
  ASSERT_GT(moving, 1.0);
  EXPECT_LT(length(momentum), test::by_precision(1e-12, 1e-7) * moving)  // float: each v rounds at 6e-8 of it
      << "momentum " << momentum.x << " " << momentum.y << " " << momentum.z;
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
