// Recording from the command line (run under xvfb-run by ctest): an MP4 with one frame per simulated
// frame at the requested size (checked with ffprobe), numbered PNGs, and the stated messages for an
// unwritable path and a missing ffmpeg — after which the run continues and succeeds.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "process.h"

namespace {

std::string temp_dir(const std::string& name) {
  const std::string dir = ::testing::TempDir() + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(Recording, Mp4HasOneFramePerSimulatedFrameAtTheRequestedSize) {
  const std::string out = temp_dir("smallsteps_mp4") + "/chain.mp4";
  const Result r = run("run --scene chain --frames 12 --backend cpu --size 320x240 --record " + out);
  ASSERT_EQ(r.status, 0) << r.output;
  const Result probe{0, ""};
  FILE* pipe = popen(("ffprobe -v error -count_frames -select_streams v:0 -show_entries "
                      "stream=nb_read_frames,width,height -of csv=p=0 " + out + " 2>&1").c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char line[256] = {};
  ASSERT_NE(fgets(line, sizeof line, pipe), nullptr);
  pclose(pipe);
  EXPECT_EQ(std::string(line), "320,240,12\n");
}

TEST(Recording, DirectoryGetsOneNumberedPngPerFrame) {
  const std::string dir = temp_dir("smallsteps_png") + "/frames/";
  const Result r = run("run --scene chain --frames 5 --backend cpu --size 160x120 --record " + dir);
  ASSERT_EQ(r.status, 0) << r.output;
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) files += entry.path().extension() == ".png";
  EXPECT_EQ(files, 5);
  EXPECT_TRUE(std::filesystem::exists(dir + "frame_000005.png"));
}

TEST(Recording, UnwritablePathIsReportedAndTheRunContinues) {
  const std::string metrics = temp_dir("smallsteps_badpath") + "/m.csv";
  const Result r = run("run --scene chain --frames 5 --backend cpu --record /nonexistent/dir/out.mp4 --metrics " + metrics);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("cannot record to '/nonexistent/dir/out.mp4': directory '/nonexistent/dir' does not exist; "
                          "continuing without recording"),
            std::string::npos)
      << r.output;
  EXPECT_TRUE(std::filesystem::exists(metrics));
}

TEST(Recording, MissingFfmpegIsReportedAndTheRunContinues) {
  const std::string out = temp_dir("smallsteps_noffmpeg") + "/out.mp4";
  const Result r = run("run --scene chain --frames 5 --backend cpu --record " + out, "SMALLSTEPS_FFMPEG=/nonexistent/ffmpeg ");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("ffmpeg not found"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
