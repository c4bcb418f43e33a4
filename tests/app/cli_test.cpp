// The smallsteps command line: bad input exits with status 2 and a message naming the culprit and
// the allowed values; a run writes metrics; divergence exits with status 3 and the frame. None of these
// opens a window (they run in every build, without Xvfb); the ones that render are in
// recorded_cli_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "process.h"

namespace {

std::string temp_path(const std::string& name) { return ::testing::TempDir() + name; }

TEST(Cli, UnknownSceneListsScenes) {
  expect_usage_error("run --scene nope", "available: bunny_cloth, hanging_cloth, chain");
}

// A TetGen body through --set: a broken one is bad input (exit 2, the file and line named); a good one runs.
TEST(Cli, TetGenBodyLoadsOrNamesItsProblem) {
  const std::string stem = temp_path("cli_body");
  std::ofstream(stem + ".node") << "5 3 0 0\n1 0 0 0\n2 1 0 0\n3 0 1 0\n4 0 0 1\n5 1 1 1\n";
  std::ofstream(stem + ".ele") << "2 4 0\n1 1 2 3 4\n2 2 3 4 9\n";
  expect_usage_error("run --scene fem_beam --frames 2 --set tet_file=" + stem, "cli_body.ele:3: corner 9");
  std::ofstream(stem + ".ele") << "2 4 0\n1 1 2 3 4\n2 2 3 4 5\n";
  const Result r = run("run --scene fem_beam --frames 5 --no-progress --set tet_file=" + stem);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("2 tets"), std::string::npos) << r.output;
}

// The summary names the launch mode CUDA sends the frame with (auto resolves to graph), on the CPU too.
TEST(Cli, LaunchLineNamesTheMode) {
  for (const auto& [asked, named] : {std::pair<std::string, std::string>{"auto", "as graph: CUDA graphs"},
                                     {"graph", "as graph: CUDA graphs"},
                                     {"plain", "as plain: a launch a stage"}}) {
    const Result r = run("run --scene chain --frames 2 --backend cpu --no-progress --cuda-launch " + asked);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("(CUDA would send them " + named), std::string::npos) << asked << ": " << r.output;
  }
}

TEST(Cli, OutOfRangeSubstepsNamesRange) { expect_usage_error("run --substeps 0", "[1, 1000]"); }

TEST(Cli, BadSolverNamesChoices) { expect_usage_error("run --solver sor", "gs|jacobi"); }

TEST(Cli, BadBackendNamesChoices) { expect_usage_error("run --backend opencl", "auto, cpu, cuda"); }

TEST(Cli, UnknownSceneParameterListsParameters) {
  expect_usage_error("run --scene chain --set foo=1", "its parameters: particles");
}

TEST(Cli, MalformedSetAssignment) { expect_usage_error("run --set particles", "expected name=value"); }

TEST(Cli, NonNumericValue) {
  expect_usage_error("run --scene chain --set mass=heavy", "'heavy' is not a number");
}

TEST(Cli, UnknownOption) { expect_usage_error("run --warp 9", "--warp"); }

TEST(Cli, FramesOutOfRange) { expect_usage_error("run --frames 0", "--frames"); }

TEST(Cli, MetricsWithUnknownExtension) {
  expect_usage_error("run --frames 1 --metrics out.txt", ".csv, .json");
}

TEST(Cli, MetricsInMissingDirectory) {
  expect_usage_error("run --frames 1 --metrics /nonexistent/dir/m.csv", "cannot open");
}

TEST(Cli, MissingPreset) { expect_usage_error("run --preset /nonexistent.json", "cannot read preset"); }

TEST(Cli, MalformedPreset) {
  const std::string path = temp_path("bad.json");
  std::ofstream(path) << "{\"scene\": \"chain\", \"settings\": {\"substeps\": }";
  expect_usage_error("run --preset " + path, "not valid JSON: parse error at line 1");
}

// Issue 9 item 1: a number past the double range exits 2 naming the file and the number, in plain words
// (it used to exit 1 with "[json.exception.out_of_range.406] ...").
TEST(Cli, PresetNumberOverflowNamesFileAndNumber) {
  for (const std::string body :
       {R"({"frames": 1e999})", R"({"scene": "chain", "params": {"mass": -1e999}})"}) {
    const std::string path = temp_path("overflow.json");
    std::ofstream(path) << body;
    const Result r = run("run --preset " + path);
    EXPECT_EQ(r.status, 2) << body << "\n" << r.output;
    EXPECT_NE(r.output.find("preset '" + path + "'"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("e999' is beyond the range of a double"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("json.exception"), std::string::npos) << r.output;
  }
}

TEST(Cli, PresetWithUnknownKey) {
  const std::string path = temp_path("unknown.json");
  std::ofstream(path) << R"({"scene": "chain", "substeps": 4})";
  expect_usage_error("run --preset " + path, "unknown key 'substeps'");
}

TEST(Cli, PresetOutOfRange) {
  const std::string path = temp_path("range.json");
  std::ofstream(path) << R"({"scene": "chain", "params": {"particles": 1}})";
  expect_usage_error("run --preset " + path, "key 'params.particles': '1' is out of range");
}

TEST(Cli, PresetComparisonMustBeTwoPlainSettingsObjects) {
  const std::string one = temp_path("compare_one.json"), smuggled = temp_path("compare_smuggled.json"),
                    bad = temp_path("compare_bad.json");
  std::ofstream(one) << R"({"scene": "chain", "compare": [{"substeps": 1}]})";
  std::ofstream(smuggled) << R"({"scene": "chain", "compare": [{"substeps": "1,iterations=30"}, {"substeps": 2}]})";
  std::ofstream(bad) << R"({"scene": "chain", "compare": [{"substeps": 0}, {"substeps": 2}]})";
  expect_usage_error("run --preset " + one, "array of two settings objects");
  expect_usage_error("run --preset " + smuggled, "may not contain ',' or '='");
  expect_usage_error("run --preset " + bad, "key 'compare[0].substeps': '0' is out of range");
}

TEST(Cli, CudaWithoutDeviceIsAClearError) {
  const Result r = run("run --frames 1 --backend cuda");
  if (r.status == 0) GTEST_SKIP() << "a CUDA device is present";
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--backend cuda was requested but"), std::string::npos) << r.output;
}

TEST(Cli, ListShowsScenesAndParameters) {
  const Result r = run("list");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.output.find("hanging_cloth"), std::string::npos);
  EXPECT_NE(r.output.find("link_length"), std::string::npos);
  EXPECT_NE(r.output.find("N/m"), std::string::npos);
}

TEST(Cli, RunWritesCsvMetricsAndSummary) {
  const std::string path = temp_path("chain.csv");
  const Result r = run("run --scene chain --frames 30 --substeps 10 --backend cpu --metrics " + path);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("force        top_link"), std::string::npos) << r.output;
  std::ifstream in(path);
  std::string header, line;
  std::getline(in, header);
  EXPECT_NE(header.find("force_top_link_N"), std::string::npos) << header;
  int rows = 0;
  while (std::getline(in, line)) ++rows;
  EXPECT_EQ(rows, 30);
}

TEST(Cli, PresetAndJsonMetrics) {
  const std::string preset = temp_path("chain.json");
  const std::string out = temp_path("chain_metrics.json");
  std::ofstream(preset) << R"({"scene": "chain", "frames": 12, "backend": "cpu",
                               "settings": {"substeps": 5, "solver": "jacobi"}, "params": {"particles": 8}})";
  const Result r = run("run --preset " + preset + " --metrics " + out);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("chain (8 particles"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("5 substeps x 1 iteration, XPBD, Jacobi"), std::string::npos) << r.output;
  std::stringstream json;
  json << std::ifstream(out).rdbuf();
  EXPECT_NE(json.str().find("\"outcome\": \"completed\""), std::string::npos) << json.str();
}

// The presets that record (an A/B video) render: CliRendering.EveryShippedRecordingPresetRuns runs them.
TEST(Cli, EveryShippedPresetRuns) {
  int presets = 0;
  for (const std::filesystem::path& preset : shipped_presets(false)) {
    ++presets;
    const Result r = run("run --frames 3 --backend cpu --preset " + preset.string());
    EXPECT_EQ(r.status, 0) << preset << "\n" << r.output;
  }
  EXPECT_GE(presets, 1);
}

TEST(Cli, DivergenceExitsWithFrameAndReason) {
  const Result r = run("run --scene chain --set pin_top=false --frames 600 --backend cpu");
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_NE(r.output.find("frame 275 ("), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("left the scene bounds"), std::string::npos) << r.output;
}

// Small Steps Figure 5 from the command line: a force-based integrator named by --integrator diverges on
// the stiff cloth, and the run says when, with which scheme, step and stiffness, and exits 3.
TEST(Cli, DivergingIntegratorExitsThreeNamingSchemeStepAndStiffness) {
  const Result r = run(
      "run --scene hanging_cloth --integrator semi_implicit_euler --substeps 40 --frames 30 --backend cpu");
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_NE(r.output.find("diverged at t = "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("semi-implicit Euler, h = 417 µs, springs up to k = 10 MN/m"),
            std::string::npos)
      << r.output;
}

// Issue 52 item 4: a divergence names the solver that ran. The 10,000:1 heavy stack under PGS with 1000
// iterations blows up at frame 52 (the probe's reproducer), and the message blamed "XPBD (Small Steps)".
TEST(Cli, DivergenceNamesTheRigidSolverThatRan) {
  const Result r =
      run("run --scene heavy_stack --rigid-solver pgs --rigid-iterations 1000 --frames 100 --backend cpu");
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_NE(r.output.find("; rigid bodies by the pgs solver, h = 16.7 ms"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("XPBD"), std::string::npos) << r.output;
}

// PBF has no force form: a force-based scheme on the fluid is a usage error, headless or recorded (the
// recorded run: CliRendering.ForceBasedIntegratorOnTheFluidIsRefusedWhenRecorded).
TEST(Cli, ForceBasedIntegratorOnTheFluidIsRefused) {
  expect_usage_error("run --scene fluid_column --set spacing=0.1 --integrator rk4", "no force form");
}

TEST(Cli, UnknownIntegratorListsTheSchemes) { expect_usage_error("run --integrator rk5", "rk4"); }

}  // namespace

namespace {

// The rendering options are checked before anything renders (and before a build without the viewer says so).
TEST(Cli, BadSizeNamesTheExpectedForm) { expect_usage_error("run --record x/ --size 10x10", "WIDTHxHEIGHT"); }

TEST(Cli, BadCompareSettingIsNamed) {
  expect_usage_error("run --compare substeps=1 warp=3", "warp");
  expect_usage_error("run --compare substeps=0 substeps=2",
                     "--compare 'substeps=0': '0' is out of range (allowed: [1, 1000])");
}

// A scripted drag names what is wrong with it, and a run that renders nothing refuses it (issue 40 item 7).
TEST(Cli, BadDragsAreRefusedNamingTheProblem) {
  expect_usage_error("run --scene chain --record x/ --drag \"0 0.5 0.5\"", "expected six numbers");
  expect_usage_error("run --scene chain --record x/ --drag \"1 0.5 0.5 0.5 0.5 0.2\"", "T1 must come after T0");
  expect_usage_error("run --scene chain --record x/ --drag \"0 1.5 0.5 1 0.5 0.2\"", "fractions of the view");
  expect_usage_error("run --scene chain --record x/ --drag \"0 0.5 nan 1 0.5 0.2\"", "not a finite number");
  expect_usage_error("run --scene chain --drag \"0 0.5 0.5 1 0.5 0.2\"", "give --record or --compare");
}

// A drag that names what it grips (issue 53 item 1) says which word is missing or wrong.
TEST(Cli, BadNamedDragsAreRefusedNamingTheProblem) {
  const std::string run = "run --scene chain --record x/ --drag ";
  expect_usage_error(run + "\"particle 5 from 0 to 1\"", "ends where 'by' should follow");
  expect_usage_error(run + "\"particle 2.5 from 0 to 1 by 0.1 0 0\"", "the particle index must be a whole number");
  expect_usage_error(run + "\"body -1 from 0 to 1 by 0.1 0 0\"", "the body index must be a whole number");
  expect_usage_error(run + "\"wiggle 3 from 0 to 1 by 0.1 0 0\"", "unknown grip 'wiggle'");
  expect_usage_error(run + "\"particle 3 at 0 0 0 from 0 to 1 by 0.1 0 0\"", "expected 'from', got 'at'");
  expect_usage_error(run + "\"particle 3 from 0 to 1 by 0 0 0\"", "the motion 'by' has zero length");
  expect_usage_error(run + "\"point 0 1 from 0 to 1 by 0.1 0 0\"", "'from' is not a number (the world point)");
  expect_usage_error(run + "\"particle 3 from 1 to 1 by 0.1 0 0\"", "T1 must come after T0");
  expect_usage_error(run + "\"particle 3 from 0 to 1 by 0.1 0 0 9\"", "unexpected '9' after the motion");
  expect_usage_error(run + "\"particle 3 from 0 to 1 by 1e7 0 0\"", "'1e7' is beyond 1,000,000 (the motion)");
  expect_usage_error(run + "\"1e400 0.5 0.5 1 0.5 0.2\"", "'1e400' is beyond the range of a double");
}

// Settings that contradict each other are refused, not quietly bent (issue 41 item 4): N_min above N_max,
// from the command line, a preset or an A/B pane; an adaptive mode under a force-based integrator.
TEST(Cli, ContradictorySettingsAreRefused) {
  expect_usage_error("run --scene chain --min-substeps 50 --max-substeps 10",
                     "min_substeps 50 is above max_substeps 10");
  expect_usage_error("run --scene chain --integrator rk4 --adaptive substeps", "needs integrator xpbd");
  expect_usage_error("run --scene chain --record x/ --compare \"min_substeps=50,max_substeps=10\" \"substeps=2\"",
                     "--compare \"min_substeps=50,max_substeps=10\": min_substeps 50 is above max_substeps 10");
}

// A scripted setting change (--at, a preset's "at"; issue 50 item 2) names what is wrong with it, including a
// change that leaves the settings contradicting themselves; a good one changes N at its time.
TEST(Cli, BadSettingChangesAreRefusedNamingTheProblem) {
  expect_usage_error("run --scene chain --at \"substeps=5\"", "expected \"T name=value\"");
  expect_usage_error("run --scene chain --at \"x substeps=5\"", "the time 'x' is not a finite number");
  expect_usage_error("run --scene chain --at \"-1 substeps=5\"", "the time is negative");
  expect_usage_error("run --scene chain --at \"1 particles=5\"", "'particles' is not a setting");
  expect_usage_error("run --scene chain --at \"1 substeps=0\"", "[1, 1000]");
  expect_usage_error("run --scene chain --at \"1 substeps\"", "expected \"T name=value\"");
  expect_usage_error("run --scene chain --max-substeps 10 --at \"1 min_substeps=50\"",
                     "min_substeps 50 is above max_substeps 10");
  const std::string preset = temp_path("bad_at.json");
  std::ofstream(preset) << R"({"scene": "chain", "at": ["1 substeps=nope"]})";
  expect_usage_error("run --preset " + preset, "'at[0]'");
  std::ofstream(preset) << R"({"scene": "chain", "at": "1 substeps=5"})";
  expect_usage_error("run --preset " + preset, "must be a list");
  const std::string saved = temp_path("saved_at.json");
  const Result r = run("run --scene chain --frames 1 --no-progress --at \"0.5 substeps=40\" --save-preset " + saved);
  ASSERT_EQ(r.status, 0) << r.output;
  std::stringstream text;
  text << std::ifstream(saved).rdbuf();
  EXPECT_NE(text.str().find("\"0.5 substeps=40\""), std::string::npos) << "the change is written back:\n" << text.str();
}

// The N column of the metrics follows the script: 10 until 0.5 s, then on its way to 40 (the slew, at most
// the factor its residual allows a frame), which it reaches.
TEST(Cli, SettingChangesApplyAtTheirTimeFromTheCommandLineAndAPreset) {
  const std::string csv = temp_path("at.csv");
  const std::string preset = temp_path("at.json");
  std::ofstream(preset) << R"({"scene": "chain", "frames": 90, "backend": "cpu", "settings": {"substeps": 10},
                               "at": ["0.5 substeps=40"]})";
  for (const std::string& args : {std::string("run --scene chain --frames 90 --backend cpu --substeps 10 --at "
                                               "\"0.5 substeps=40\" --no-progress --metrics ") + csv,
                                  "run --preset " + preset + " --no-progress --metrics " + csv}) {
    const Result r = run(args);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("changed      t = 0.5 s: substeps=40"), std::string::npos) << r.output;
    std::ifstream in(csv);
    std::string line, cell;
    std::getline(in, line);
    std::vector<std::string> header;
    for (std::stringstream cells(line); std::getline(cells, cell, ',');) header.push_back(cell);
    const size_t column = size_t(std::find(header.begin(), header.end(), "substeps") - header.begin());
    ASSERT_LT(column, header.size()) << line;
    std::vector<int> n;
    while (std::getline(in, line)) {
      std::stringstream cells(line);
      for (size_t k = 0; k <= column; ++k) std::getline(cells, cell, ',');
      n.push_back(std::stoi(cell));
    }
    ASSERT_EQ(n.size(), 90u);
    for (int f = 0; f < 30; ++f) EXPECT_EQ(n[size_t(f)], 10) << "frame " << f + 1;
    EXPECT_GT(n[30], 10) << "the change starts at 0.5 s";
    EXPECT_EQ(n.back(), 40);
  }
}

// Algorithm 1 as printed on an iterative solver fails, and the verdict says why and what answers it
// (issue 50): the swinging box on XPBD under it passes its joint bound within a second.
TEST(Cli, AlgorithmOneAsPrintedFailingOnAnIterativeSolverSaysWhy) {
  const Result r = run("run --scene swinging_box --rigid-solver xpbd --adaptive substeps --frames 60 --no-progress");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("physics      FAILED: joint separation"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("cannot see an iterative solver's residual"), std::string::npos) << r.output;
  const Result residual =
      run("run --scene swinging_box --rigid-solver xpbd --adaptive residual --frames 60 --no-progress");
  EXPECT_NE(residual.output.find("physics      ok"), std::string::npos) << residual.output;
}

TEST(Cli, ColouringNeedsARenderedViewAndAKnownQuantity) {
  expect_usage_error("run --scene chain --colour-by speed", "--colour-by colours the rendered view");
  expect_usage_error("run --scene chain --record x/ --colour-by velocity", "velocity not in {flat,speed,error,strain}");
}

}  // namespace
