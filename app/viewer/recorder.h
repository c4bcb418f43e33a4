// Recorder: one simulated frame -> one video frame. To an .mp4 through an ffmpeg pipe (libx264, yuv420p)
// or to numbered PNGs in a directory (a path ending in '/' or naming a directory). Problems — ffmpeg
// missing, an unwritable path, ffmpeg failing mid-way — come back as messages; recording stops and the
// caller carries on without it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace app {

class Recorder {
 public:
  ~Recorder();
  // Empty on success, else why recording could not start. width and height must be even for MP4.
  std::string start(const std::string& path, int width_px, int height_px, int fps);
  // Rows top to bottom, 3 bytes per pixel, of the size given to start(). Empty on success.
  std::string add_frame(const std::vector<std::uint8_t>& rgb);
  // Finishes the file; empty on success, else what went wrong (e.g. ffmpeg's exit status).
  std::string stop();

  bool active() const { return mode_ != Mode::Off; }
  int frames() const { return frames_; }
  const std::string& path() const { return path_; }

 private:
  enum class Mode { Off, Video, Png };
  Mode mode_ = Mode::Off;
  std::FILE* pipe_ = nullptr;
  std::string path_;
  int width_ = 0, height_ = 0, frames_ = 0;
};

// Absolute path of an executable found on PATH (the SMALLSTEPS_FFMPEG variable overrides "ffmpeg");
// empty when there is none.
std::string find_ffmpeg();

}  // namespace app
