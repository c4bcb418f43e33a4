// Settings that act on the motion directly: velocity damping (|v| = v₀ e^{−d t}), the gravity scale
// (free fall ½ s g t²) and the mouse grab (a compliant attachment, Small Steps Eq. 8: static sag m g α).
#include <gtest/gtest.h>

#include <cmath>

#include "registry/builder.h"
#include "test_util.h"
#include "world/world.h"

namespace sim {
namespace {

World single_particle(Real mass, Vec3 v0, bool with_gravity) {
  ModelBuilder b;
  b.add_particle({0.0, 1.0, 0.0}, mass, 0.01, v0);
  b.set_gravity(with_gravity ? Vec3{0.0, -9.81, 0.0} : Vec3{0.0, 0.0, 0.0});
  return World(b.finalize(), BackendKind::Cpu);
}

// Issue 10 item 7: the decay per frame is e^{−d Δt_f} whatever the substep count n (v ← v/(1 + d h) per
// substep gave (1 + d h)^{−n}: 0.857 at n = 1 against 0.847 at n = 30 for d = 10).
TEST(SettingsEffects, DampingDecaysSpeedExponentiallyAtEverySubstepCount) {
  for (const int n : {1, 7, 30}) {
    World world = single_particle(1.0, {1.0, 0.0, 0.0}, false);
    Settings s;
    s.substeps = n;
    s.damping = 10.0;
    for (int f = 0; f < 6; ++f) world.step(s);  // t = 0.1 s
    EXPECT_NEAR(world.state().particle_v[0].x, std::exp(-1.0), test::by_precision(1e-9, 1e-6))
        << n << " substeps";
  }
  World world = single_particle(1.0, {1.0, 0.0, 0.0}, false);
  Settings s;
  world.step(s);
  EXPECT_NEAR(world.state().particle_v[0].x, 1.0, 1e-9);  // d = 0: only (x + h v − x) / h rounding
}

TEST(SettingsEffects, GravityScaleScalesFreeFall) {
  for (const Real scale : {0.0, 2.0}) {
    World world = single_particle(1.0, {0.0, 0.0, 0.0}, true);
    Settings s;
    s.gravity_scale = scale;
    for (int f = 0; f < 30; ++f) world.step(s);  // t = 0.5 s
    const Real drop = 1.0 - world.state().particle_x[0].y;
    const Real expected = 0.5 * scale * 9.81 * 0.25;
    EXPECT_NEAR(drop, expected, 0.01 * expected + 1e-12) << "scale " << scale;
  }
}

TEST(SettingsEffects, GrabHoldsAParticleWithStaticSagOfWeightTimesCompliance) {
  const Real m = 2.0, alpha = 1e-3;
  World world = single_particle(m, {0.0, 0.0, 0.0}, true);
  Settings s;
  s.damping = 5.0;
  world.set_grab({0, {0.0, 1.0, 0.0}, alpha});
  for (int f = 0; f < 300; ++f) world.step(s);
  EXPECT_NEAR(1.0 - world.state().particle_x[0].y, m * 9.81 * alpha, 0.01 * m * 9.81 * alpha);

  world.set_grab({});  // let go: it falls
  for (int f = 0; f < 30; ++f) world.step(s);
  EXPECT_LT(world.state().particle_x[0].y, 0.9);
}

TEST(SettingsEffects, StiffGrabCarriesTheParticleToAMovingTarget) {
  World world = single_particle(1.0, {0.0, 0.0, 0.0}, false);
  Settings s;
  const Vec3 target{0.3, 1.2, 0.0};  // the target as the core holds it (0.3 rounds to 0.30000001 in float)
  world.set_grab({0, {0.0, 1.0, 0.0}, 0.0});
  world.set_grab({0, target, 0.0});  // the cursor moved before the frame was stepped
  world.step(s);
  const Vec3 x = world.state().particle_x[0];
  EXPECT_NEAR(x.x, target.x, 1e-9);
  EXPECT_NEAR(x.y, target.y, 1e-9);
}

TEST(SettingsEffects, GrabOfAMissingParticleHoldsNothing) {
  World world = single_particle(1.0, {0.0, 0.0, 0.0}, false);
  world.set_grab({5, {0.0, 0.0, 0.0}, 0.0});
  EXPECT_EQ(world.grab().particle, -1);
  world.step(Settings{});
  EXPECT_DOUBLE_EQ(world.state().particle_x[0].y, 1.0);
}

}  // namespace
}  // namespace sim
