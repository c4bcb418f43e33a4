// A rigid solver registered by this test alone (docs/ARCHITECTURE.md, "Adding a rigid solver"): a body
// stepper that moves every free body ballistically over a substep, x ← x + h v + ½ h² g, v ← v + h g (exact
// under constant gravity), added with one registration line. The rigid_solver setting then knows it by name,
// World steps a scene with it, and the CPU-only refusal names it, with no other file touched.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "families/rigid/steppers/body_stepper.h"
#include "test_util.h"
#include "world/world.h"

namespace sim {
namespace {

constexpr RigidSolver kBallistic{100};

class BallisticStepper : public BodyStepper {
 public:
  void substep(const RigidHostView& view, const BodyStepSettings&) override {
    for (int i = 0; i < view.bodies; ++i) {
      if (!(view.w[i] > 0.0)) continue;
      view.x[i] += view.h * view.v[i] + (0.5 * view.h * view.h) * view.gravity;
      view.v[i] += view.h * view.gravity;
    }
  }
};

const bool kRegistered =
    register_body_stepper({"ballistic", kBallistic, [] { return std::make_unique<BallisticStepper>(); }});

TEST(BodyStepperRegistry, TheSettingKnowsARegisteredStepperByName) {
  ASSERT_TRUE(kRegistered);
  ParamSet p = settings_to_params(Settings{});
  p.set_text("rigid_solver", "ballistic");
  EXPECT_EQ(settings_from_params(p).rigid_solver, kBallistic);
  EXPECT_THROW(register_body_stepper({"ballistic", RigidSolver{101}, nullptr}), std::invalid_argument);
  EXPECT_THROW(register_body_stepper({"other", kBallistic, nullptr}), std::invalid_argument);
}

// A box thrown up and sideways from 20 m, high above the ground, follows x0 + v0 t + ½ g t² to rounding.
TEST(BodyStepperRegistry, ARegisteredStepperMovesTheBodies) {
  const Vec3 g{0.0, -9.81, 0.0}, x0{0.5, 20.0, -1.0}, v0{1.5, 4.0, 0.25};
  ModelBuilder b;
  b.set_gravity(g);
  b.add_body(BodyShape::Box, {0.1, 0.1, 0.1}, 2.0, x0, quat_identity(), v0);
  World w(b.finalize(), BackendKind::Cpu);
  Settings s;
  s.substeps = 7;
  s.rigid_solver = kBallistic;
  const int frames = 30;
  for (int f = 0; f < frames; ++f) w.step(s);
  const double t = frames * s.frame_dt;
  const Vec3 expected = x0 + t * v0 + (0.5 * t * t) * g;
  const State& state = w.state();
  // float: the position read back rounds at 20 m (ulp 1.9e-6 m), the speed at an ulp of it over Δt_s
  EXPECT_LT(length(state.body.x[0] - expected), test::by_precision(1e-12, 1e-7) * length(expected))
      << state.body.x[0].y;
  EXPECT_LT(length(state.body.v[0] - (v0 + t * g)), test::by_precision(1e-12, 5e-6) * length(v0 + t * g));
}

// It runs on the host, so CUDA refuses it by name, as it refuses pgs and direct.
TEST(BodyStepperRegistry, CudaRefusesARegisteredHostStepperByName) {
  ModelBuilder b;
  b.add_body(BodyShape::Sphere, {0.1, 0.0, 0.0}, 1.0, {0.0, 1.0, 0.0});
  const Built built = b.finalize();
  Settings s;
  s.rigid_solver = kBallistic;
  const auto refusal = backend_refusal(built.model, s, BackendKind::Cuda);
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->message.rfind("rigid_solver ballistic runs on the CPU only", 0), 0u) << refusal->message;
  EXPECT_EQ(refusal->fallback, "xpbd");
}

}  // namespace
}  // namespace sim
