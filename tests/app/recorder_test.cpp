// The recorder's encoder threads (app/viewer/recorder.h): PNG frames compressed in parallel each land in
// their own numbered file with their own pixels, and an encoder's failure stops the recording with its
// reason at the next frame handed over or at stop() — never lost, never a hang.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "render/plot/image_io.h"
#include "viewer/recorder.h"

namespace app {
namespace {

constexpr int kWidth = 8, kHeight = 6;

std::vector<std::uint8_t> filled(int value) {
  return std::vector<std::uint8_t>(size_t(kWidth) * kHeight * 3, std::uint8_t(value));
}

std::string fresh_dir(const std::string& name) {
  const std::string dir = ::testing::TempDir() + name + "/";
  std::filesystem::remove_all(dir);
  return dir;
}

TEST(Recorder, EveryPngHoldsItsOwnFrameWhateverEncoderWroteIt) {
  const std::string dir = fresh_dir("smallsteps_recorder_order");
  Recorder recorder;
  ASSERT_EQ(recorder.start(dir, kWidth, kHeight, 60), "");
  const int frames = 40;  // five times the queue: the hand-off waits for the encoders on the way
  for (int k = 1; k <= frames; ++k) ASSERT_EQ(recorder.add_frame(filled(5 * k)), "") << k;
  ASSERT_EQ(recorder.stop(), "");
  for (int k = 1; k <= frames; ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", k);
    const std::optional<render::RgbImage> image = render::read_png(dir + name);
    ASSERT_TRUE(image.has_value()) << name;
    EXPECT_EQ(int(image->pixels.front()), 5 * k) << name;
    EXPECT_EQ(int(image->pixels.back()), 5 * k) << name;
  }
}

TEST(Recorder, AnEncoderThatCannotWriteStopsTheRecordingWithItsReason) {
  const std::string dir = fresh_dir("smallsteps_recorder_gone");
  Recorder recorder;
  ASSERT_EQ(recorder.start(dir, kWidth, kHeight, 60), "");
  ASSERT_EQ(recorder.add_frame(filled(1)), "");
  ASSERT_EQ(recorder.stop(), "");
  ASSERT_EQ(recorder.start(dir, kWidth, kHeight, 60), "");
  std::filesystem::remove_all(dir);  // the directory vanishes under a running recording
  std::string problem;
  for (int k = 0; k < 100 && problem.empty(); ++k) problem = recorder.add_frame(filled(k));
  if (problem.empty()) problem = recorder.stop();
  EXPECT_NE(problem.find("cannot write '" + dir + "frame_"), std::string::npos) << problem;
  EXPECT_FALSE(recorder.active());
}

TEST(Recorder, AnFfmpegThatStopsReadingStopsTheRecordingWithItsReason) {
  const std::string dir = fresh_dir("smallsteps_recorder_false");
  std::filesystem::create_directories(dir);
  ::setenv("SMALLSTEPS_FFMPEG", "/bin/false", 1);  // exits at once, status 1, reading nothing
  Recorder recorder;
  const std::string started = recorder.start(dir + "out.mp4", kWidth, kHeight, 60);
  ::unsetenv("SMALLSTEPS_FFMPEG");
  ASSERT_EQ(started, "");
  std::string problem;
  for (int k = 0; k < 200 && problem.empty(); ++k) problem = recorder.add_frame(filled(k));
  if (problem.empty()) problem = recorder.stop();
  EXPECT_TRUE(problem.find("ffmpeg stopped reading") != std::string::npos ||
              problem.find("ffmpeg exited with status 1") != std::string::npos)
      << problem;
  EXPECT_FALSE(recorder.active());
}

}  // namespace
}  // namespace app
