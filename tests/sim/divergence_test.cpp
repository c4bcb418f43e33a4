// The per-frame divergence check names NaN, infinity and particles leaving the scene bounds.
#include <gtest/gtest.h>

#include <limits>

#include "test_util.h"

namespace sim {
namespace {

TEST(Divergence, HealthyStateHasNoReason) {
  const Built b = test::build_scene("chain");
  EXPECT_FALSE(check_divergence(b.model, b.state).has_value());
}

TEST(Divergence, NanAndInfinityAreNamed) {
  Built b = test::build_scene("chain");
  b.state.particle_x[3].y = std::numeric_limits<Real>::quiet_NaN();
  EXPECT_EQ(check_divergence(b.model, b.state).value_or(""), "particle 3 has a non-finite position");
  b = test::build_scene("chain");
  b.state.particle_v[5].x = std::numeric_limits<Real>::infinity();
  EXPECT_EQ(check_divergence(b.model, b.state).value_or(""), "particle 5 has a non-finite velocity");
}

TEST(Divergence, LeavingTheBoundsIsDetectedWhileFalling) {
  World world(test::build_scene("chain", {{"pin_top", 0}}), BackendKind::Cpu);  // free fall
  const Settings s = test::make_settings(4, 1);
  int frame = 0;
  while (!check_divergence(world.model(), world.state()) && frame < 2000) {
    world.step(s);
    ++frame;
  }
  const auto reason = check_divergence(world.model(), world.state());
  ASSERT_TRUE(reason.has_value());
  EXPECT_NE(reason->find("left the scene bounds"), std::string::npos);
  // Bounds at 100 m + 10 chain lengths below 0.7 m: free fall needs √(2·101/9.81) ≈ 4.5 s.
  EXPECT_NEAR(frame / 60.0, std::sqrt(2.0 * (102.0 + 0.7) / 9.81), 0.1);
}

}  // namespace
}  // namespace sim
