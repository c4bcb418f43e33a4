// Every scene's caption (burnt into frames and recordings, drawn over the scene) and its Stats lines in one
// number format (issue 53 item 2), at its defaults and at a setting that fails it, with the real-time
// factor: no e-notation, no "um", no lone "-0", no ungrouped long numbers; and at its defaults in the
// default 1280 × 720 window, the caption at most three lines as drawn (issue 53 item 3), and so in each half
// of a 640 × 360 A/B video, where the caption goes compact (pane_caption.h).
#include <gtest/gtest.h>

#include "number_patterns.h"
#include "render/renderer.h"
#include "scenes/scene.h"
#include "viewer/stats_lines.h"
#include "viewer/viewer.h"
#include "viewer_fixtures.h"

namespace app {
namespace {

TEST(CaptionFormat, EveryScenesCaptionAndStatsAtDefaultsAndFailing) {
  for (const sim::SceneDef& scene : sim::scene_registry()) {
    for (const bool failing : {false, true}) {
      ViewOptions v = failing ? hidden(scene.name, 320, 240) : hidden(scene.name, 1280, 720);
      scene.use_setting_defaults(v.run.settings, false);  // the scene's own defaults, as the command line's
      if (failing) {
        v.run.settings.set("substeps", 1);
        v.run.settings.set("iterations", 1);
        v.run.settings.set("gravity_scale", 10.0);
      }
      Viewer viewer(v);
      for (int f = 0; f < 10 && viewer.frame(); ++f) {
      }
      std::string text;
      for (const std::string& line : viewer.caption(0)) text += line + "\n";
      for (const StatsLine& line : pane_stats_lines(viewer.pane(0))) text += line.text + "\n";  // Stats
      text += viewer.real_time_split().verdict(true) + "\n" + viewer.real_time_split().split_text() + "\n";
      for (const std::string& bad : badly_formatted(text))
        ADD_FAILURE() << scene.name << (failing ? " (failing)" : "") << "\n  " << bad;
      // issue 53 item 3: at the scene's defaults, in the default window, three lines as drawn
      if (!failing)
        EXPECT_LE(render::caption_lines(viewer.caption(0), viewer.pane_viewport(0)).size(), 3u)
            << scene.name << "\n" << text;
    }
  }
}

// Each half of a 640 × 360 A/B (the contact sheets' comparison, scripts/contact_sheets.py): three lines as
// drawn and a failure's in at most two more, each line naming what tells the halves apart.
TEST(CaptionFormat, EachHalfOfA640x360ABIsThreeLinesAndAFailureLine) {
  for (const sim::SceneDef& scene : sim::scene_registry()) {
    ViewOptions v = hidden(scene.name, 640, 360);
    scene.use_setting_defaults(v.run.settings, false);
    v.run.compare = {"substeps=1,iterations=20", "substeps=20,iterations=1"};
    Viewer viewer(v);
    for (int f = 0; f < 10 && viewer.frame(); ++f) {
    }
    for (int pane = 0; pane < 2; ++pane) {
      const std::vector<std::string> caption = viewer.caption(pane);
      const render::Viewport vp = viewer.pane_viewport(pane);
      std::string text;
      for (const std::string& line : caption) text += line + "\n";
      ASSERT_GE(caption.size(), 3u) << scene.name;
      EXPECT_LE(render::caption_lines({caption.begin(), caption.begin() + 3}, vp).size(), 3u)
          << scene.name << " pane " << pane << "\n" << text;
      for (size_t k = 3; k < caption.size(); ++k)
        EXPECT_LE(render::caption_lines({caption[k]}, vp).size(), 2u) << scene.name << "\n" << caption[k];
      EXPECT_EQ(caption[0], pane == 0 ? "A: substeps=1, iterations=20" : "B: substeps=20, iterations=1")
          << scene.name;
      for (const std::string& bad : badly_formatted(text)) ADD_FAILURE() << scene.name << "\n  " << bad;
    }
  }
}

}  // namespace
}  // namespace app
