// Recorder: one simulated frame -> one video frame. To an .mp4 through an ffmpeg pipe (libx264, yuv420p)
// or to numbered PNGs in a directory (a path ending in '/' or naming a directory). Encoding runs on encoder
// threads (one feeding ffmpeg in order; several compressing PNGs, each frame its own file) behind a queue
// of kQueuedFrames, so the render loop pays a copy, and waits only when the encoders fall that far behind.
// Problems — ffmpeg missing, an unwritable path, ffmpeg failing mid-way — come back as messages (an
// encoder's at the next frame handed over, or at stop()); recording stops and the caller carries on.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace app {

class Recorder {
 public:
  ~Recorder();
  // Empty on success, else why recording could not start. width and height must be even for MP4.
  std::string start(const std::string& path, int width_px, int height_px, int fps);
  // Rows top to bottom, 3 bytes per pixel, of the size given to start(); copied, then encoded on an encoder
  // thread. Empty on success, else why recording stopped (this frame's size, or an encoder's failure).
  std::string add_frame(const std::vector<std::uint8_t>& rgb);
  // Encodes what is queued and finishes the file; empty on success, else what went wrong (an unwritable
  // PNG, ffmpeg's exit status).
  std::string stop();

  bool active() const { return mode_ != Mode::Off; }
  int frames() const { return frames_; }
  const std::string& path() const { return path_; }

 private:
  enum class Mode { Off, Video, Png };
  struct Frame {
    int number;  // 1, 2, ... in the order handed over
    std::vector<std::uint8_t> rgb;
  };
  static constexpr size_t kQueuedFrames = 8;

  void start_encoders(int count);
  void encode_frames();                  // an encoder thread's loop
  std::string encode(const Frame& frame);  // one frame to its PNG or down the pipe; empty on success
  std::string failure();                 // the first encoder failure, "" if none

  Mode mode_ = Mode::Off;
  std::FILE* pipe_ = nullptr;
  std::string path_;
  int width_ = 0, height_ = 0, frames_ = 0;

  std::mutex mutex_;  // guards queue_, closing_ and failure_
  std::condition_variable changed_;
  std::deque<Frame> queue_;
  bool closing_ = false;
  std::string failure_;
  std::vector<std::thread> encoders_;
};

// Absolute path of an executable found on PATH (the SMALLSTEPS_FFMPEG variable overrides "ffmpeg");
// empty when there is none.
std::string find_ffmpeg();

}  // namespace app
