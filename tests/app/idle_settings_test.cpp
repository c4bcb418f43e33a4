// Settings that do nothing say so (issue 52 item 3): each case the probe found accepted in silence now runs
// (exit 0) with a note naming the setting and where it would act, in the summary and on stderr; a setting
// that acts gives none.
#include <gtest/gtest.h>

#include <string>

#include "process.h"
#include "registry/settings.h"
#include "run/idle_settings.h"
#include "scenes/scene.h"

namespace {

// The run's output holds `note` twice (stderr's "smallsteps: note: " and the summary's "note" line).
void expect_note(const std::string& args, const std::string& note) {
  const Result r = run("run --frames 2 --backend cpu --no-progress " + args);
  ASSERT_EQ(r.status, 0) << args << "\n" << r.output;
  EXPECT_NE(r.output.find("smallsteps: note: " + note), std::string::npos) << args << "\n" << r.output;
  EXPECT_NE(r.output.find("note         " + note), std::string::npos) << args << "\n" << r.output;
}

TEST(IdleSettings, RigidSolverOnASceneWithoutBodies) {
  expect_note("--scene hanging_cloth --rigid-solver pgs",
              "--rigid-solver does nothing here: the scene has no rigid bodies");
}

TEST(IdleSettings, PivotStepsWithASolverWithoutPivots) {
  expect_note("--scene heavy_stack --rigid-solver pgs --pivot-steps 5",
              "--pivot-steps does nothing here: it acts only with rigid_solver direct");
}

TEST(IdleSettings, CudaLaunchOnTheCpu) {
  expect_note(
      "--scene chain --cuda-launch graph",
      "--cuda-launch does nothing here: it acts only on the CUDA backend, and this run steps on the CPU");
}

TEST(IdleSettings, SubstepsWhereAdaptiveSubsteppingChoosesN) {
  expect_note(
      "--scene swinging_box --substeps 1000",
      "--substeps 1000 does not set N here: adaptive substeps (the scene's default) chooses N each frame "
      "in [min_substeps, max_substeps] = [1, 200]; give --adaptive off for a fixed N");
}

TEST(IdleSettings, ResidualToleranceWithoutTheResidualRule) {
  expect_note("--scene chain --adaptive-tolerance 0.05",
              "--adaptive-tolerance does nothing here: it acts only with adaptive residual or hybrid");
}

TEST(IdleSettings, SettingsThatActGiveNoNote) {
  const Result r = run(
      "run --frames 2 --backend cpu --no-progress --scene swinging_box --rigid-solver direct --pivot-steps 5 "
      "--adaptive off --substeps 20");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output.find("note"), std::string::npos) << r.output;
}

}  // namespace

// The viewer's Solver panel shows a setting only where it acts (issue 53 item 6), by the same reasons as
// these notes: on the CPU chain, neither --cuda-launch nor the rigid solver; on the swinging box, the
// rigid solver, and its pivot steps under the direct solver only.
TEST(IdleSettings, ThePanelHidesWhatDoesNotActHere) {
  const auto idle = [](const std::string& scene, const std::string& name, const std::string& rigid_solver) {
    const sim::SceneDef& def = sim::find_scene(scene);
    const sim::World world(def.build(def.default_params()), sim::BackendKind::Cpu);
    sim::ParamSet settings("settings", sim::settings_table());
    settings.set_text("rigid_solver", rigid_solver);
    return app::setting_idle_reason(name, sim::settings_from_params(settings), world).has_value();
  };
  EXPECT_TRUE(idle("chain", "cuda_launch", "xpbd"));
  EXPECT_TRUE(idle("chain", "rigid_solver", "xpbd"));
  EXPECT_FALSE(idle("chain", "substeps", "xpbd"));
  EXPECT_FALSE(idle("chain", "iterations", "xpbd"));
  EXPECT_FALSE(idle("swinging_box", "rigid_solver", "direct"));
  EXPECT_FALSE(idle("swinging_box", "pivot_steps", "direct"));
  EXPECT_TRUE(idle("swinging_box", "pivot_steps", "pgs"));
}
