// A build without the viewer (-DSMALLSTEPS_VIEWER=OFF): what renders (view, run --record, run --compare,
// a preset that records) exits with status 2 and says the build has no viewer, display or not; with no
// arguments, smallsteps runs the default scene headless and writes only the metrics.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "process.h"

namespace {

const std::string kNoViewer = "this build has no viewer (-DSMALLSTEPS_VIEWER=OFF)";

TEST(NoViewer, WhatRendersExitsTwoSayingSo) {
  expect_usage_error("view", kNoViewer);
  for (const std::string env : {"", "DISPLAY=:0 "}) {
    Result r = run("view --scene chain --frames 1", env);
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find(kNoViewer + ": view opens a window"), std::string::npos) << r.output;
    r = run("run --scene chain --frames 2 --record " + ::testing::TempDir() + "no_viewer/", env);
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find(kNoViewer + ": --record renders frames"), std::string::npos) << r.output;
    EXPECT_FALSE(std::filesystem::exists(::testing::TempDir() + "no_viewer")) << r.output;
    r = run("run --scene chain --frames 2 --compare substeps=1 substeps=2", env);
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find(kNoViewer + ": --compare renders frames"), std::string::npos) << r.output;
  }
}

TEST(NoViewer, APresetThatRecordsIsRefusedNamingThePreset) {
  int presets = 0;
  for (const std::filesystem::path& preset : shipped_presets(true)) {
    ++presets;
    const Result r = run("run --frames 2 --backend cpu --preset " + preset.string());
    EXPECT_EQ(r.status, 2) << preset << "\n" << r.output;
    EXPECT_NE(r.output.find(kNoViewer + ": --record (from the preset) renders frames"), std::string::npos)
        << preset << "\n"
        << r.output;
  }
  EXPECT_GE(presets, 1);
}

TEST(NoViewer, NoArgumentsRunTheDefaultSceneHeadlessWritingMetrics) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "no_viewer_default";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const Result r = run("", "cd " + dir.string() + " && DISPLAY=:0 ");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find(kNoViewer + "; running the default scene headless"), std::string::npos) << r.output;
  std::ifstream metrics(dir / "smallsteps-metrics.csv");
  int lines = 0;
  for (std::string line; std::getline(metrics, line);) ++lines;
  EXPECT_EQ(lines, 301);  // a header and the default 300 frames
  EXPECT_FALSE(std::filesystem::exists(dir / "smallsteps.mp4"));
}

}  // namespace
