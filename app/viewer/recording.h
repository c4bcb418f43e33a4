// Recording: the viewer's recording of what it draws (issue 53 item 8), one video frame per simulated frame
// however often that frame is drawn: the encoder (recorder.h), the path the Record panel edits, whether a
// collected frame still waits to be recorded, and what recording cost (frame_times.h: the headless
// summary's "rendered" line). What it has to say comes back as a Report for the viewer's status line.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "viewer/frame_times.h"
#include "viewer/recorder.h"

namespace app {

struct Report {
  std::string text;  // empty: nothing to say
  bool error = false;
};

class Recording {
 public:
  explicit Recording(const std::string& path);  // the path the Record panel starts with

  // At width × height [px], at 1 / frame_dt frames a second [s]: a simulated second is a second of video.
  Report start(const std::string& path, int width, int height, double frame_dt);
  Report stop();  // nothing to report when not recording
  bool active() const { return recorder_.active(); }
  int frames() const { return recorder_.frames(); }
  const std::string& path() const { return recorder_.path(); }

  void frame_collected() { unrecorded_ = true; }  // a new simulated frame, to be recorded once drawn
  // Hands the drawn frame (read back by `pixels`) to the encoder if it is a collected frame not yet
  // recorded; `draw_ms`: what drawing it took, 0 when this iteration did not draw it again [ms].
  Report record(const std::function<const std::vector<std::uint8_t>&()>& pixels, double draw_ms);
  const RecordedTimes& times() const { return times_; }

  // The Record panel's path field (ImGui edits the characters in place).
  char* path_text() { return path_text_; }
  size_t path_capacity() const { return sizeof path_text_; }

 private:
  Recorder recorder_;
  bool unrecorded_ = false;
  RecordedTimes times_;
  char path_text_[512] = {};
};

}  // namespace app
