// The one frame loop that `run`, the viewer's panes, the experiments and the soak share (issue 53 item 8):
// a scripted change acts from the frame due and is undone by a rewind; the failure watch and the totals
// follow the frames; a diverged run steps no more, and a restart takes it up again.
#include "run/frame_loop.h"

#include <gtest/gtest.h>

#include "registry/settings.h"
#include "scenes/scene.h"

namespace app {
namespace {

// A loop on the scene at its defaults with `set` ("integrator", "semi_implicit_euler") and the --at changes.
FrameLoop loop_of(const std::string& name, const std::vector<std::pair<std::string, std::string>>& set,
                  const std::vector<std::string>& at) {
  const sim::SceneDef& scene = sim::find_scene(name);
  sim::ParamSet settings("settings", sim::settings_table());
  scene.use_setting_defaults(settings, false);
  for (const auto& [key, value] : set) settings.set_text(key, value);
  std::vector<ScriptedSetting> script;
  for (const std::string& a : at) script.push_back(parse_at(a, "--at", settings));
  FrameLoop loop(settings, script);
  loop.rewind();
  loop.world = std::make_unique<sim::World>(scene.build(scene.default_params()), sim::BackendKind::Cpu,
                                            loop.settings_at_start());
  loop.restart();
  return loop;
}

TEST(FrameLoop, AScriptedChangeActsFromItsFrameAndARewindUndoesIt) {
  FrameLoop loop = loop_of("chain", {}, {"0.5 substeps=12"});
  const int before = loop.frame_settings().substeps;
  ASSERT_NE(before, 12);
  int frames = 0;
  while (loop.world->time() < 0.5 - 1e-9) {
    EXPECT_TRUE(loop.begin_frame().empty()) << "a change before its time, at t = " << loop.world->time();
    ASSERT_TRUE(loop.finish_frame(loop.advance()));
    ++frames;
  }
  EXPECT_EQ(loop.begin_frame(), std::vector<std::string>{"substeps=12"});
  EXPECT_EQ(loop.frame_settings().substeps, 12);
  ASSERT_TRUE(loop.finish_frame(loop.advance()));
  // N moves to 12 at the slew's pace (solver/xpbd/substep_slew.h), not at once
  EXPECT_LT(loop.last.substeps, before) << "the frame did not step towards the changed setting";
  for (int f = 0; f < 30; ++f) ASSERT_TRUE(loop.step_frame());
  EXPECT_EQ(loop.last.substeps, 12);
  EXPECT_GT(loop.total_step_ms, 0.0);
  EXPECT_EQ(loop.last.frame, frames + 31);
  loop.rewind();
  EXPECT_EQ(loop.frame_settings().substeps, before);
  EXPECT_EQ(loop.settings.get_int("substeps"), before);
}

TEST(FrameLoop, ADivergedRunStepsNoMoreUntilItRestarts) {
  // Small Steps Figure 5: a force-based scheme on the stiff cloth (as Cli.DivergingIntegrator...)
  FrameLoop loop = loop_of("hanging_cloth", {{"integrator", "semi_implicit_euler"}, {"substeps", "40"}}, {});
  int frames = 0;
  while (!loop.divergence && frames < 60) {
    ASSERT_TRUE(loop.step_frame());
    ++frames;
  }
  ASSERT_TRUE(loop.divergence) << "semi-implicit Euler held the 10 MN/m cloth";
  EXPECT_FALSE(loop.advance()) << "a diverged run stepped";
  EXPECT_FALSE(loop.finish_frame(std::nullopt));
  loop.rewind();
  loop.world->reset();
  loop.restart();
  EXPECT_FALSE(loop.divergence);
  EXPECT_FALSE(loop.watch.exceeded());
  EXPECT_EQ(loop.total_step_ms, 0.0);
  EXPECT_TRUE(loop.step_frame());
}

}  // namespace
}  // namespace app
