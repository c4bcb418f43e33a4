// A run whose constraints fail (Small Steps §6.1's chain asked to hold 10⁹ kg) completes, but says so
// in its summary, on stderr and in the metrics; --fail-on-error turns it into exit status 3. (The rendering
// run's judgement of each compared pane: FailedPhysics.EachComparedPaneIsJudged, recorded_cli_test.cpp.)
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "process.h"

namespace {

const std::string kOverloaded =
    "run --scene chain --set heavy_mass=1e9 --substeps 1000 --frames 30 --no-progress";

bool contains(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

TEST(FailedPhysics, IsReportedButCompletes) {
  const std::string metrics = ::testing::TempDir() + "overloaded.json";
  const Result r = run(kOverloaded + " --metrics " + metrics);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "physics      FAILED: constraint extension")) << r.output;
  EXPECT_TRUE(contains(r.output, "smallsteps: warning: the physics failed")) << r.output;
  std::stringstream json;
  json << std::ifstream(metrics).rdbuf();
  EXPECT_TRUE(contains(json.str(), "\"exceeded\":true")) << json.str().substr(json.str().size() - 300);
  EXPECT_TRUE(contains(json.str(), "\"extension_bound_m\"")) << json.str().substr(0, 600);
}

TEST(FailedPhysics, FailOnErrorExitsThree) {
  Result r = run(kOverloaded + " --fail-on-error");
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_TRUE(contains(r.output, "--fail-on-error: constraint extension")) << r.output;
  r = run(kOverloaded + " --fail-on-error 100");  // an explicit bound in metres that the chain stays within
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST(FailedPhysics, AHealthyRunPassesFailOnError) {
  const Result r = run("run --scene chain --frames 60 --no-progress --fail-on-error");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "physics      ok: constraint extension")) << r.output;
}

TEST(FailedPhysics, BadBoundsAreRefused) {
  for (const char* bad : {"abc", "-1", "0", "nan", "inf"}) {
    const Result r = run(std::string("run --scene chain --frames 1 --fail-on-error ") + bad);
    EXPECT_EQ(r.status, 2) << bad << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, "--fail-on-error")) << r.output;
  }
  const Result view = run("view --fail-on-error");
  EXPECT_EQ(view.status, 2) << view.output;
  EXPECT_TRUE(contains(view.output, "view does not take --fail-on-error")) << view.output;
}

}  // namespace
