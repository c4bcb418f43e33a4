// Ground contact (Small Steps Eqs. 9-12) against closed forms for a single particle:
// resting without penetration, Coulomb sliding distance v₀²/(2 μ g), sticking below the friction
// angle, and depenetration no faster than v_max (Eq. 10).
#include <gtest/gtest.h>

#include <cmath>

#include "exec/cpu_exec.h"
#include "families/common/flagged_list.h"
#include "solver/solver_core.h"
#include "test_util.h"

namespace sim {
namespace {

constexpr Real kRadius = 0.05;  // [m]

World particle_on_ground(Vec3 x, Vec3 v, GroundPlane ground, Vec3 gravity = {0.0, -9.81, 0.0}) {
  ModelBuilder b;
  ground.enabled = true;
  b.set_ground(ground);
  b.set_gravity(gravity);
  b.add_particle(x, 1.0, kRadius, v);
  return World(b.finalize(), BackendKind::Cpu);
}

TEST(GroundContact, RestingParticleStaysOnTheSurface) {
  World world = particle_on_ground({0.0, 0.5, 0.0}, {0.0, 0.0, 0.0}, GroundPlane{});
  test::run_frames(world, test::make_settings(10, 1), 120);
  const State& s = world.state();
  EXPECT_NEAR(s.particle_x[0].y, kRadius, 1e-4);
  EXPECT_LT(length(s.particle_v[0]), 1e-3);
}

// At k iterations too: the normal multiplier that bounds friction starts each substep at 0 (reset where the
// first pass reads it, Substep::fresh_pass), so it holds m g Δt_s² however many passes add to it.
class GroundSliding : public ::testing::TestWithParam<int> {};

TEST_P(GroundSliding, StopsAtCoulombDistance) {
  GroundPlane g;
  g.material.mu_static = g.material.mu_dynamic = 0.5;
  const Real v0 = 2.0;
  World world = particle_on_ground({0.0, kRadius, 0.0}, {v0, 0.0, 0.0}, g);
  test::run_frames(world, test::make_settings(20, GetParam()), 60);
  const double expected = v0 * v0 / (2.0 * 0.5 * 9.81);  // 0.408 m
  EXPECT_NEAR(world.state().particle_x[0].x, expected, 0.03 * expected);
  EXPECT_LT(length(world.state().particle_v[0]), 1e-3);
}

INSTANTIATE_TEST_SUITE_P(Iterations, GroundSliding, ::testing::Values(1, 3));

TEST(GroundContact, SticksBelowAndSlidesAboveTheFrictionAngle) {
  // A slope of angle θ is modelled by tilting gravity: g = 9.81 (sin θ, −cos θ, 0).
  auto slide = [](Real theta, Real mu_s, Real mu_k) {
    GroundPlane g;
    g.material.mu_static = mu_s;
    g.material.mu_dynamic = mu_k;
    World world = particle_on_ground({0.0, kRadius, 0.0}, {0.0, 0.0, 0.0}, g,
                                     {9.81 * std::sin(theta), -9.81 * std::cos(theta), 0.0});
    test::run_frames(world, test::make_settings(20, 1), 60);  // one second
    return double(world.state().particle_x[0].x);
  };
  const Real theta = 0.3;  // tan θ = 0.309
  EXPECT_NEAR(slide(theta, 0.4, 0.3), 0.0, 1e-5);
  // Above the angle: x = ½ g (sin θ − μ_k cos θ) t² with t = 1 s.
  const double a = 9.81 * (std::sin(theta) - 0.2 * std::cos(theta));
  EXPECT_NEAR(slide(theta, 0.25, 0.2), 0.5 * a, 0.03 * 0.5 * a);
}

TEST(GroundContact, DepenetrationSpeedIsLimited) {
  GroundPlane g;
  g.material.max_depenetration_speed = 0.5;  // [m/s]
  const Real depth = 0.04;          // initial overlap [m]
  World world = particle_on_ground({0.0, kRadius - depth, 0.0}, {0.0, 0.0, 0.0}, g, {0.0, 0.0, 0.0});
  world.step(test::make_settings(20, 1));
  // One frame may push out at most v_max Δt_f.
  EXPECT_NEAR(world.state().particle_x[0].y - (kRadius - depth), 0.5 / 60.0, 1e-4);
  const double rounding = test::by_precision(1e-9, 2e-5);  // [m/s]; float: v = Δx/Δt_s rounds at 7.6e-9 m / Δt_s
  EXPECT_LE(world.state().particle_v[0].y, 0.5 + rounding);
  // Without gravity it leaves the ground at no more than v_max once the overlap is gone.
  test::run_frames(world, test::make_settings(20, 1), 10);
  EXPECT_GT(world.state().particle_x[0].y, kRadius);
  EXPECT_LE(world.state().particle_v[0].y, 0.5 + rounding);
}

// The contact passes run over the flagged particles' list: it holds exactly the flagged ones, ascending.
TEST(FlaggedList, ListsTheFlaggedIndicesInAscendingOrder) {
  SolverCore<CpuExec> core;
  FlaggedList<SolverCore<CpuExec>> list;
  const std::vector<unsigned char> flags{0, 1, 0, 0, 3, 0, 1, 0};
  list.build(core, flags.data(), int(flags.size()));
  ASSERT_EQ(list.launch_size(), 3);
  const FlaggedIndices flagged = list.indices();
  std::vector<int> listed;
  for (int j = 0, i = -1; flagged.at(j, i); ++j) listed.push_back(i);
  EXPECT_EQ(listed, (std::vector<int>{1, 4, 6}));
  int i = -1;
  EXPECT_FALSE(flagged.at(3, i));  // past the end, as a device's extra threads are
  // A range's flagged items (a colour's, in the edge sweep): [2, 7) holds 4 and 6.
  EXPECT_EQ(list.launch_size({2, 7}), 2);
  const FlaggedIndices range = list.indices({2, 7});
  ASSERT_TRUE(range.at(1, i));
  EXPECT_EQ(i, 6);
  EXPECT_FALSE(range.at(2, i));
  EXPECT_EQ(list.launch_size({2, 4}), 0);
  const std::vector<unsigned char> none(5000, 0);
  list.build(core, none.data(), int(none.size()));
  EXPECT_EQ(list.launch_size(), 0);
  EXPECT_FALSE(list.indices().at(0, i));
  list.build(core, static_cast<const unsigned char*>(nullptr), 0);
  EXPECT_EQ(list.launch_size(), 0);
}

// Counts flag as well as bytes (the self-contacts list the particles with a pair by their pair count).
TEST(FlaggedList, ListsTheItemsWithANonZeroCount) {
  SolverCore<CpuExec> core;
  FlaggedList<SolverCore<CpuExec>> list;
  const std::vector<int> counts{3, 0, 0, 16, 0, 1};
  list.build(core, counts.data(), int(counts.size()));
  ASSERT_EQ(list.launch_size(), 3);
  std::vector<int> listed;
  for (int j = 0, i = -1; list.indices().at(j, i); ++j) listed.push_back(i);
  EXPECT_EQ(listed, (std::vector<int>{0, 3, 5}));
}

// Of 3000 particles (enough for the parallel loop), the even ones start 0.2 m up and land within the
// second; the odd ones start 10 m up and fall freely throughout, 600 substeps of h = 1/600 s:
// y = y₀ − g h² n(n + 1)/2. A pass that projected the wrong particles would stop a falling one or let a
// landed one sink.
TEST(GroundContact, OnlyTheParticlesThatReachTheGroundTouchIt) {
  ModelBuilder b;
  GroundPlane ground;
  ground.enabled = true;
  b.set_ground(ground);
  b.set_gravity({0.0, -9.81, 0.0});
  const int n = 3000;
  for (int i = 0; i < n; ++i)
    b.add_particle({0.2 * Real(i % 50), i % 2 == 0 ? 0.2 : 10.0, 0.2 * Real(i / 50)}, 1.0, kRadius);
  World world(b.finalize(), BackendKind::Cpu);
  test::run_frames(world, test::make_settings(10, 1), 60);
  const double h = 1.0 / 600.0, steps = 600.0;
  const double fallen = 10.0 - 9.81 * h * h * steps * (steps + 1.0) / 2.0;
  const State& s = world.state();
  for (int i = 0; i < n; ++i) {
    if (i % 2 == 0)
      ASSERT_NEAR(s.particle_x[size_t(i)].y, kRadius, 1e-4) << "particle " << i;
    else
      // float: v rounds at 6e-8 of itself each substep and the fall carries it on (measured 2e-5 m of 4.9)
      ASSERT_NEAR(s.particle_x[size_t(i)].y, fallen, test::by_precision(1e-9, 5e-5)) << "particle " << i;
  }
}

}  // namespace
}  // namespace sim
