// The camera frames what the scene does (issue 40 item 1, issue 53 item 6): the scene beside the control
// panel, never under it, below the caption; a swing through its whole motion; and a tracked body that runs
// on past any box a scene could give (the bridge's ball rolling on along the ground) kept in view.
#include <gtest/gtest.h>

#include <tuple>

#include "render/to_glm.h"
#include "scenes/scene.h"
#include "viewer/viewer.h"
#include "viewer_fixtures.h"

namespace app {
namespace {

// The scene is drawn beside the control panel, never under it (issue 40 item 1): in an interactive window
// of the default size, every scene at its defaults, and both panes of an A/B, frame their bounds (with the
// scene's motion: a chain's swing) inside the view left of the panel, below the caption.
TEST(Framing, EveryScenesBoundsProjectLeftOfThePanel) {
  for (const sim::SceneDef& scene : sim::scene_registry())
    for (const bool compare : {false, true}) {
      ViewOptions v = hidden(scene.name, 1280, 720);
      v.interactive = true;
      v.real_time = false;
      if (compare) v.run.compare = {"substeps=5", "substeps=10"};
      Viewer viewer(v);
      ASSERT_TRUE(viewer.frame());
      EXPECT_LE(viewer.frame_width(), 1280 - 240) << scene.name << ": the view runs under the panel";
      for (int p = 0; p < (compare ? 2 : 1); ++p) {
        const render::Viewport vp = viewer.pane_viewport(p);
        const auto [lo, hi] = viewer.framed_bounds(p);
        const float top = viewer.free_band(p).first;
        EXPECT_GT(top, 0.0f) << "the caption takes no room";
        for (int corner = 0; corner < 8; ++corner) {
          const glm::vec3 c((corner & 1) ? hi.x : lo.x, (corner & 2) ? hi.y : lo.y,
                            (corner & 4) ? hi.z : lo.z);
          const glm::vec3 s = viewer.camera().project(c, glm::vec2(vp.width, vp.height));
          EXPECT_TRUE(s.x >= 0.0f && s.x <= float(vp.width) && s.y >= top && s.y <= float(vp.height))
              << scene.name << (compare ? " (A/B pane " + std::to_string(p) + ")" : "") << ": corner "
              << corner << " projects to " << s.x << ", " << s.y << " in a " << vp.width << " x " << vp.height
              << " view, its caption " << top << " px high";
        }
      }
    }
}

// The camera frames the motion, not only the start (sim::Model::motion): a chain released horizontally and
// a cloth released flat stay inside the view, below the caption, through their whole swing.
TEST(Framing, SwingingScenesStayInView) {
  for (const auto& [scene, key, value] :
       {std::tuple<std::string, std::string, double>{"chain", "angle", 90.0},
        {"hanging_cloth", "width", 32.0}}) {
    ViewOptions v = hidden(scene, 960, 540);  // the contact sheets' size
    v.run.scene_params.set(key, value);
    Viewer viewer(v);
    const float top = viewer.free_band(0).first;
    int outside = 0;
    for (int f = 0; f < 120; ++f) {
      ASSERT_TRUE(viewer.frame());
      for (const glm::vec3& x : positions(viewer)) {
        const glm::vec3 s = viewer.camera().project(x, glm::vec2(960, 540));
        outside += s.x < 0.0f || s.x > 960.0f || s.y < top || s.y > 540.0f;
      }
    }
    EXPECT_EQ(outside, 0) << scene << ": particles left the view (or went under the caption) while swinging";
  }
}

// The bridge's ball leaves the deck at about 1.5 s and rolls on along the ground for good (1.7 m/s): through
// 8 s its centre stays in the band below the caption, and the framing moves in a few steps, not each frame.
TEST(Framing, TheBridgesBallStaysInViewAsItRollsOn) {
  ViewOptions v = hidden("bridge", 960, 540);
  Viewer viewer(v);
  const float top = viewer.free_band(0).first;
  int outside = 0, reframed = 0;
  render::OrbitCamera camera = viewer.camera();
  for (int f = 0; f < 480; ++f) {
    ASSERT_TRUE(viewer.frame());
    const sim::Vec3& at = viewer.pane(0).last.tracked_body_x;
    const glm::vec3 s = viewer.camera().project(render::to_glm(at), glm::vec2(960, 540));
    outside += s.x < 0.0f || s.x > 960.0f || s.y < top || s.y > 540.0f;
    reframed += viewer.camera() != camera;
    camera = viewer.camera();
  }
  EXPECT_GT(viewer.pane(0).last.tracked_body_drift, 10.0) << "the ball did not roll on as this test expects";
  EXPECT_EQ(outside, 0) << "the ball left the view";
  EXPECT_GE(reframed, 1);
  EXPECT_LE(reframed, 8) << "the view moved too often";
}

}  // namespace
}  // namespace app
