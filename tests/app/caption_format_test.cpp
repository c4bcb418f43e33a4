// Every scene's caption (burnt into frames and recordings, drawn over the scene) in one number format
// (issue 53 item 2), at its defaults and at a setting that fails it, with the real-time factor: no
// e-notation, no "um", no lone "-0", no ungrouped long numbers; and at its defaults in the default
// 1280 × 720 window, at most three lines as drawn (issue 53 item 3).
#include <gtest/gtest.h>

#include "number_patterns.h"
#include "render/renderer.h"
#include "scenes/scene.h"
#include "viewer/viewer.h"
#include "viewer_fixtures.h"

namespace app {
namespace {

TEST(CaptionFormat, EveryScenesCaptionAtDefaultsAndFailing) {
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
