// Every scene's caption (burnt into frames and recordings, drawn over the scene) and its Stats lines in one
// number format (issue 53 item 2), at its defaults and at a setting that fails it, with the real-time
// factor: no e-notation, no "um", no lone "-0", no ungrouped long numbers; and at its defaults in the
// default 1280 × 720 window, the caption at most three lines as drawn (issue 53 item 3).
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

}  // namespace
}  // namespace app
