// Issue 53 item 7: the viewer's history. Run to frame k + 50, scrub back to frame k, and run on to k + 300:
// the State has the same bits as a run that never went back, for a scene on fixed substeps with a setting
// changed during the run (--at: the script's changes replay) and for one under adaptive substepping, whose
// next N reads the stepper's own state (the last N and residual, the slew) that the State does not hold.
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "registry/state_hash.h"
#include "run/scripted_setting.h"
#include "viewer/viewer.h"
#include "viewer_fixtures.h"

namespace app {
namespace {

constexpr int kBack = 60;  // k: the frame scrubbed back to

ViewOptions history_view(const std::string& scene, bool script) {
  ViewOptions v = hidden(scene, 320, 240);
  v.caption = false;
  sim::find_scene(scene).use_setting_defaults(v.run.settings, false);
  if (script) v.run.at = {parse_at("1.5 substeps=12", "--at", v.run.settings)};  // after k, before k + 50
  return v;
}

// Frames `to` of a viewer, one a loop iteration.
void run_to(Viewer& viewer, int to) {
  while (viewer.pane(0).world->frame() < to) ASSERT_TRUE(viewer.frame());
}

std::uint64_t hash_of(const Viewer& viewer) { return sim::state_hash(viewer.pane(0).world->state()); }

void expect_same_after_scrubbing(const std::string& scene, bool script) {
  std::uint64_t at_k = 0, at_end = 0;  // one viewer at a time: ImGui has one context
  std::string substeps_at_k;
  {
    Viewer straight(history_view(scene, script));
    run_to(straight, kBack);
    at_k = hash_of(straight);
    substeps_at_k = straight.pane(0).settings.text("substeps");
    run_to(straight, kBack + 300);
    at_end = hash_of(straight);
  }
  Viewer scrubbed(history_view(scene, script));
  run_to(scrubbed, kBack + 50);
  EXPECT_EQ(scrubbed.pane(0).history().frames(), kBack + 50);
  scrubbed.seek(kBack);
  ASSERT_EQ(scrubbed.pane(0).world->frame(), kBack);
  EXPECT_EQ(hash_of(scrubbed), at_k) << scene << ": frame k simulated again differs";
  EXPECT_EQ(scrubbed.pane(0).settings.text("substeps"), substeps_at_k) << "the settings did not return to frame k's";
  EXPECT_EQ(scrubbed.pane(0).history().frames(), kBack + 50) << "scrubbing back forgot the frames after k";
  scrubbed.seek(kBack + 20);  // on through the kept frames, and back again
  scrubbed.seek(kBack);
  run_to(scrubbed, kBack + 300);
  EXPECT_EQ(scrubbed.pane(0).history().frames(), kBack + 300) << "the frames after k were not rewritten";
  EXPECT_EQ(hash_of(scrubbed), at_end) << scene << ": resumed from frame k, frame k + 300 differs";
  const size_t per_frame = scrubbed.pane(0).history().bytes() / size_t(kBack + 300);
  EXPECT_LE(per_frame * size_t(FrameHistory::kMaxFrames), FrameHistory::kBudget)
      << scene << ": " << per_frame << " B a frame; a full history would pass its budget";
}

TEST(History, ResumingFromAScrubbedFrameMatchesTheUninterruptedRun) {
  expect_same_after_scrubbing("hanging_cloth", true);  // fixed N, 20 then 12 substeps from t = 1.5 s
  expect_same_after_scrubbing("swinging_box", false);  // adaptive substeps (the scene's default)
}

// The arrow keys scrub while paused: Left a frame back, Right a frame on through the history, and past its
// end a new frame.
TEST(History, TheArrowKeysStepBackAndOn) {
  Viewer viewer(history_view("chain", false));
  run_to(viewer, 10);
  viewer.key_pressed(GLFW_KEY_LEFT);
  EXPECT_EQ(viewer.pane(0).world->frame(), 9);
  ASSERT_TRUE(viewer.frame());  // paused: no frame simulated
  EXPECT_EQ(viewer.pane(0).world->frame(), 9);
  viewer.key_pressed(GLFW_KEY_RIGHT);
  EXPECT_EQ(viewer.pane(0).world->frame(), 10);
  viewer.key_pressed(GLFW_KEY_RIGHT);  // past the history: one new frame
  ASSERT_TRUE(viewer.frame());
  EXPECT_EQ(viewer.pane(0).world->frame(), 11);
  EXPECT_EQ(viewer.pane(0).history().frames(), 11);
}

}  // namespace
}  // namespace app
