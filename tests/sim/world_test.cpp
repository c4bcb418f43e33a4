// World behaviour across frames: live parameter changes keep the running state, attachments follow a
// moving target, reset restores the initial state.
#include <gtest/gtest.h>

#include "registry/state_hash.h"
#include "test_util.h"

namespace sim {
namespace {

TEST(World, LiveParameterChangeKeepsTheState) {
  const SceneDef& scene = find_scene("chain");
  ParamSet p = scene.default_params();
  World world(scene.build(p), BackendKind::Cpu);
  const Settings s = test::make_settings(20, 1);
  test::run_frames(world, s, 300);
  const Vec3 before = world.state().particle_x[19];
  // compliance and damping do not rebuild: a softer, damped chain (k = 1000 N/m, β = 60 N·s/m per link)
  // keeps running from where it was.
  p.set("compliance", 1e-3);
  p.set("damping", 60.0);
  world.replace_model(scene.build(p).model);
  EXPECT_EQ(world.frame(), 300);
  EXPECT_EQ(world.state().particle_x[19].y, before.y);
  test::run_frames(world, s, 3000);  // the heavily damped chain creeps to rest
  // Link i carries (19 − i) m g; each stretches by that force times α: Σ = 190 m g α.
  const double stretch = double(length(world.state().particle_x[19] - world.state().particle_x[0])) - 0.19;
  EXPECT_NEAR(stretch, 190 * 9.81 * 1e-3, 0.05 * 190 * 9.81 * 1e-3);
}

TEST(World, ReplaceModelRejectsADifferentTopology) {
  World world(test::build_scene("chain"), BackendKind::Cpu);
  EXPECT_THROW(world.replace_model(test::build_scene("chain", {{"particles", 30}}).model),
               std::invalid_argument);
}

TEST(World, AttachmentFollowsAMovingTarget) {
  ModelBuilder b;
  b.set_gravity({0.0, 0.0, 0.0});
  const int p = b.add_particle({0.0, 1.0, 0.0}, 1.0, 0.01);
  b.add_attachment(p, {0.0, 1.0, 0.0}, 0.0);
  World world(b.finalize(), BackendKind::Cpu);
  const Settings s = test::make_settings(10, 1);
  for (int f = 1; f <= 60; ++f) {
    world.edit_state([&](State& state) { state.attachment.target = {{0.01 * f, 1.0, 0.0}}; });  // 0.6 m/s along x
    world.step(s);
  }
  EXPECT_NEAR(world.state().particle_x[0].x, Real(0.6), 1e-9);  // the target as the core holds it
  // In float each frame's target is rounded to an ulp of 0.6 m (6e-8 m), which over the frame's 1/60 s
  // is 3.6e-6 m/s (measured 7.7e-6 m/s).
  EXPECT_NEAR(world.state().particle_v[0].x, 0.6, test::by_precision(1e-6, 3e-5));
}

// Every array of the State comes back (its hash, registry/state_hash.h: positions, velocities, bodies,
// multipliers, targets), and so does what the steppers derive from it: the frames after a reset are bit for
// bit those of a fresh World, adaptive substepping's feedback included (the swinging box at its defaults).
TEST(World, ResetRestoresTheInitialState) {
  for (const std::string scene : {"hanging_cloth", "capsule_stack", "swinging_box"}) {
    const SceneDef& def = find_scene(scene);
    ParamSet values("settings", settings_table());
    def.use_setting_defaults(values, false);
    const Settings s = settings_from_params(values);
    Built built = def.build(def.default_params());
    const uint64_t initial = state_hash(built.state);
    World fresh(def.build(def.default_params()), BackendKind::Cpu);
    test::run_frames(fresh, s, 20);
    World world(std::move(built), BackendKind::Cpu);
    test::run_frames(world, s, 30);
    ASSERT_NE(state_hash(world.state()), initial) << scene << ": it moved";
    world.reset();
    EXPECT_EQ(world.frame(), 0) << scene;
    EXPECT_EQ(world.time(), 0.0) << scene;
    EXPECT_EQ(state_hash(world.state()), initial) << scene;
    test::run_frames(world, s, 20);
    EXPECT_EQ(state_hash(world.state()), state_hash(fresh.state())) << scene << ": 20 frames after the reset";
  }
}

// Device operations per frame (issue 11 item 4, issue 39): every substep issues the same operations, so a
// chain without contacts at 100 substeps issues exactly 100 times what one substep does, plus nothing per
// frame. A sweep over the chain's two colours is one operation as a grid (Settings::cuda_launch graph), two
// otherwise; on the CPU each is one parallel loop the host runs.
TEST(World, OperationsPerFrameGrowWithTheSubsteps) {
  const auto nodes = [](int substeps, int iterations, bool grid) {
    World world(test::build_scene("chain"), BackendKind::Cpu);
    Settings s = test::make_settings(substeps, iterations);
    s.cuda_launch = grid ? CudaLaunch::Graph : CudaLaunch::Plain;
    world.step(s);
    EXPECT_EQ(world.last_launches(), world.last_nodes());
    return world.last_nodes();
  };
  for (const bool grid : {true, false}) {
    const int sweep = grid ? 1 : 2;
    const long long one = nodes(1, 1, grid);
    EXPECT_EQ(one, 2 + sweep);  // predict, the sweep, the velocity update
    // each substep's velocity update and the next one's prediction are one pass (UpdateVelocityPredict)
    EXPECT_EQ(nodes(100, 1, grid), 100 * (one - 1) + 1);
    EXPECT_EQ(nodes(1, 3, grid), one + 2 * sweep);  // each further iteration sweeps the colours again
  }
}

}  // namespace
}  // namespace sim
