// Small Steps §7 in single precision (core/position.h): at N = 1000 substeps of Δt_f = 1/60 s, gravity moves
// a resting particle by Δt_s² g = 2.7e-9 m a substep, and a coordinate ten metres from the origin has a
// float ulp of 9.5e-7 m. In plain float the increment rounds away: a dropped particle never starts to fall
// and a hanging chain carries no weight. The same tests run in the double build (SMALLSTEPS_REAL=double)
// and the float one (CI's sim-only stage), with the same bounds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "registry/builder.h"
#include "test_util.h"

namespace sim {
namespace {

constexpr double kG = 9.81;         // [m/s²]
constexpr int kSubsteps = 1000;     // N
const Vec3 kFar{10.0, 10.0, 10.0};  // the scene's origin [m], 17 m from the world's

// Free fall for one second from 10 m: y drops by ½ g t² (symplectic Euler's own error, g t Δt_s / 2, is
// 8e-5 m at N = 1000).
TEST(PositionPrecision, AParticleTenMetresOutFallsUnderAThousandSubsteps) {
  ModelBuilder b;
  b.add_particle(kFar, 1.0, 0.01);
  b.set_gravity({0.0, -kG, 0.0});
  World world(b.finalize(), BackendKind::Cpu);
  test::run_frames(world, test::make_settings(kSubsteps, 1), 60);
  const Vec3 x = world.state().particle_x[0];
  const double fall = double(kFar.y) - double(x.y);
  EXPECT_NEAR(fall, 0.5 * kG, 1e-3 * 0.5 * kG) << "Δt_s² g lost to rounding";
  EXPECT_NEAR(double(world.state().particle_v[0].y), -kG, 1e-3 * kG);
  EXPECT_NEAR(double(x.x), double(kFar.x), 1e-6);
}

// A stiff chain of 10 links hanging from a pin ten metres out, at rest in its hanging pose: after a
// second at N = 1000 it has not moved (its bob's mean speed over a frame under 1 mm/s), and the links carry
// the weights of the particles below them, λ/Δt_s² (Small Steps §4) = m g, 2 m g, … n m g (the colouring
// orders the multipliers, so they are compared sorted). To 1 % plus the force that one ulp of the link's
// length stands for, ulp(L)/(Δt_s² Σw): C = |x_a − x_b| − L is resolved no finer than L's ulp, and in float
// that is 7.5e-9 m, 2.8 times the sag Δt_s² g that the link corrects each substep, so a float chain's force
// estimate at N = 1000 is quantised in steps of 1.3-2.7 N (0.98 N a particle); in double the term is 3e-9 N.
TEST(PositionPrecision, AChainTenMetresOutCarriesItsWeightAtAThousandSubsteps) {
  constexpr int kLinks = 10;
  constexpr double kMass = 0.1, kLink = 0.1;  // [kg], [m]
  ModelBuilder b;
  int above = b.add_particle(kFar, 0.0, 0.01);
  for (int i = 1; i <= kLinks; ++i) {
    const int p = b.add_particle(kFar + Vec3{0.0, Real(-kLink * i), 0.0}, Real(kMass), 0.01);
    b.add_distance(above, p, 0.0);
    above = p;
  }
  b.set_gravity({0.0, -kG, 0.0});
  World world(b.finalize(), BackendKind::Cpu);
  const Settings settings = test::make_settings(kSubsteps, 1);
  test::run_frames(world, settings, 59);
  const Vec3 bob_before = world.state().particle_x[kLinks];
  test::run_frames(world, settings, 1);
  const double h = world.last_substep_dt();
  const State& s = world.state();
  std::vector<double> force;
  for (const Real lambda : s.distance.lambda) force.push_back(std::abs(double(lambda)) / (h * h));
  std::sort(force.begin(), force.end());
  ASSERT_EQ(force.size(), size_t(kLinks));
  const double ulp = double(std::nextafter(Real(kLink), Real(1.0)) - Real(kLink));  // [m]
  const double quantum = ulp / (h * h * (1.0 / kMass));  // the smallest Σw: the pinned top link's [N]
  for (int i = 0; i < kLinks; ++i) {
    const double weight = (i + 1) * kMass * kG;
    EXPECT_NEAR(force[size_t(i)], weight, 0.01 * weight + quantum) << "the link carrying " << i + 1;
  }
  const Vec3 bob = s.particle_x[kLinks];
  EXPECT_NEAR(double(bob.y), double(kFar.y) - kLinks * kLink, 1e-4) << "the chain stays where it hangs";
  // At rest: the bob's mean speed over the last frame. (Its velocity at the last substep, (x − xⁿ)/Δt_s,
  // carries the links' quantised corrections in float: 8 mm/s.)
  EXPECT_LT(double(length(Vec3(bob) - bob_before)) * 60.0, 1e-3) << "m/s";
}

}  // namespace
}  // namespace sim
