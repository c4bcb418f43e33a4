// Every scene's caption (burnt into frames and recordings, drawn over the scene) in one number format
// (issue 53 item 2), at its defaults and at a setting that fails it, with the real-time factor: no
// e-notation, no "um", no lone "-0", no ungrouped long numbers.
#include <gtest/gtest.h>

#include "number_patterns.h"
#include "scenes/scene.h"
#include "viewer/viewer.h"
#include "viewer_fixtures.h"

namespace app {
namespace {

TEST(CaptionFormat, EveryScenesCaptionAtDefaultsAndFailing) {
  for (const sim::SceneDef& scene : sim::scene_registry()) {
    for (const bool failing : {false, true}) {
      ViewOptions v = hidden(scene.name, 320, 240);
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
    }
  }
}

}  // namespace
}  // namespace app
