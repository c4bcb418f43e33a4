// Every scene's run summary (the lines the viewer's Stats shows too: the families' reports, the cost, the
// stability and launch lines, the failure lines) at its defaults and at a setting that fails it, in one
// number format (issue 53 item 2): no e-notation, no "um", no lone "-0", no ungrouped long numbers.
#include <gtest/gtest.h>

#include "number_patterns.h"
#include "process.h"
#include "scenes/scene.h"

namespace {

TEST(NumberFormat, EveryScenesSummaryAtDefaultsAndFailing) {
  for (const sim::SceneDef& scene : sim::scene_registry()) {
    for (const std::string& setting :
         {std::string(""), std::string(" --substeps 1 --iterations 1 --gravity-scale 10 --fail-on-error")}) {
      const std::string args =
          "run --scene " + scene.name + " --frames 20 --no-progress --backend cpu" + setting;
      const Result r = run(args);
      EXPECT_TRUE(r.status == 0 || r.status == 3) << args << "\n" << r.output;
      for (const std::string& bad : badly_formatted(r.output)) ADD_FAILURE() << args << "\n  " << bad;
    }
  }
}

}  // namespace
