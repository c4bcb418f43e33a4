// The command line's viewer paths that open no window, in a build with the viewer (no Xvfb): `view` with
// no display says how to make a video instead, and `run --record` with no display renders through EGL
// (issue 39 item 6), or under xvfb-run when EGL is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>

#include "process.h"

namespace {

TEST(Cli, ViewWithoutADisplaySaysHowToRecordInstead) {
  const Result r = run("view --frames 1", "DISPLAY= WAYLAND_DISPLAY= ");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("needs a display"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("run --record"), std::string::npos) << r.output;
}

// The frames an MP4 holds and their size, as "width,height,frames" (ffprobe).
std::string probe(const std::string& mp4) {
  FILE* pipe = popen(("ffprobe -v error -count_frames -select_streams v:0 -show_entries "
                      "stream=nb_read_frames,width,height -of csv=p=0 " +
                      mp4 + " 2>&1")
                         .c_str(),
                     "r");
  if (!pipe) return "";
  char line[256] = {};
  const bool read = fgets(line, sizeof line, pipe) != nullptr;
  pclose(pipe);
  return read ? line : "";
}

std::string temp_mp4(const std::string& name) {
  const std::string dir = ::testing::TempDir() + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir + "/out.mp4";
}

TEST(Cli, RecordWithoutADisplayRendersThroughEgl) {
  const std::string out = temp_mp4("smallsteps_egl");
  const Result r = run("run --scene chain --frames 6 --backend cpu --size 320x240 --record " + out,
                       "DISPLAY= WAYLAND_DISPLAY= ");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("(EGL"), std::string::npos) << "the renderer line names EGL\n" << r.output;
  EXPECT_EQ(r.output.find("Xvfb"), std::string::npos) << r.output;
  EXPECT_EQ(probe(out), "320,240,6\n");
}

// A GPU machine's driver may ship EGL without glvnd's libGL.so.1, which Dear ImGui's OpenGL 3 loader opens;
// headless recording draws no panel, so it must not need it (it aborted in ImGui's shutdown on an H200).
TEST(Cli, RecordThroughEglNeedsNoLibGl) {
  const std::string dir = ::testing::TempDir() + "smallsteps_no_libgl";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::FILE* stub = std::fopen((dir + "/libGL.so.1").c_str(), "w");  // found first, and not a library
  ASSERT_NE(stub, nullptr);
  std::fclose(stub);
  const std::string frames = dir + "/frames/";  // PNGs: ffmpeg itself loads libGL.so.1
  const Result r = run("run --scene chain --frames 3 --backend cpu --size 160x120 --record " + frames,
                       "DISPLAY= WAYLAND_DISPLAY= LD_LIBRARY_PATH=" + dir + " ");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("(EGL"), std::string::npos) << r.output;
  EXPECT_TRUE(std::filesystem::exists(frames + "frame_000003.png")) << r.output;
}

TEST(Cli, RecordFallsBackToXvfbWhenEglIsRefused) {
  if (!std::filesystem::exists("/usr/bin/xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string out = temp_mp4("smallsteps_no_egl");
  const Result r = run("run --scene chain --frames 4 --backend cpu --size 160x120 --record " + out,
                       "DISPLAY= WAYLAND_DISPLAY= SMALLSTEPS_NO_EGL=1 ");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("rendering under Xvfb"), std::string::npos) << r.output;
  EXPECT_EQ(probe(out), "160,120,4\n");
}

// The lines of a run summary that do not depend on timing: everything but "step time" and "detection".
std::string untimed_summary(const std::string& output) {
  std::string out, line;
  for (size_t start = 0; start < output.size();) {
    const size_t end = std::min(output.find('\n', start), output.size());
    line = output.substr(start, end - start);
    start = end + 1;
    static const char* const kKeys[] = {"scene ",    "solver ", "settings ", "simulated ",  "energy ",
                                        "residual ", "force ",  "launches ", "state hash ", "physics "};
    for (const char* key : kKeys)
      if (line.rfind(key, 0) == 0) out += line + "\n";
  }
  return out;
}

// The run summary is the same with or without --record (issue 40 item 8): the state hash, the sizes, the
// probe forces and the last frame's report.
TEST(Cli, RecordedRunPrintsTheSameSummary) {
  const std::string args = "run --scene chain --frames 20 --backend cpu";
  const Result plain = run(args);
  const Result recorded =
      run(args + " --size 160x120 --record " + temp_mp4("smallsteps_summary"), "DISPLAY= WAYLAND_DISPLAY= ");
  ASSERT_EQ(plain.status, 0) << plain.output;
  ASSERT_EQ(recorded.status, 0) << recorded.output;
  const std::string expected = untimed_summary(plain.output);
  EXPECT_NE(expected.find("state hash"), std::string::npos) << plain.output;
  EXPECT_NE(expected.find("force "), std::string::npos) << plain.output;
  EXPECT_EQ(untimed_summary(recorded.output), expected);
}

}  // namespace
