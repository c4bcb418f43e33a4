#include "viewer/recording.h"

#include <chrono>
#include <cmath>
#include <cstdio>

namespace app {

Recording::Recording(const std::string& path) {
  std::snprintf(path_text_, sizeof path_text_, "%s", path.c_str());
}

Report Recording::start(const std::string& path, int width, int height, double frame_dt) {
  const int fps = std::max(1, int(std::lround(1.0 / frame_dt)));
  const std::string problem = recorder_.start(path, width, height, fps);
  if (!problem.empty()) return {problem + "; continuing without recording", true};
  return {"recording to " + recorder_.path() + " (" + std::to_string(width) + "x" + std::to_string(height) +
          ", " + std::to_string(fps) + " fps: one video frame per simulated frame)"};
}

Report Recording::stop() {
  if (!recorder_.active()) return {};
  const int frames = recorder_.frames();
  const std::string path = recorder_.path();
  const std::string problem = recorder_.stop();
  if (!problem.empty()) return {"recording to " + path + " failed: " + problem, true};
  return {"recorded " + std::to_string(frames) + " frames to " + path};
}

Report Recording::record(const std::function<const std::vector<std::uint8_t>&()>& pixels, double draw_ms) {
  const bool due = unrecorded_ && recorder_.active();
  unrecorded_ = false;
  if (!due) return {};
  using ms = std::chrono::duration<double, std::milli>;
  const auto read_start = std::chrono::steady_clock::now();
  const std::vector<std::uint8_t>& rgb = pixels();
  const auto hand_off_start = std::chrono::steady_clock::now();
  const std::string problem = recorder_.add_frame(rgb);
  times_.draw_ms += draw_ms;
  times_.read_back_ms += ms(hand_off_start - read_start).count();
  times_.hand_off_ms += ms(std::chrono::steady_clock::now() - hand_off_start).count();
  ++times_.frames;
  if (!problem.empty()) return {problem + "; continuing without recording", true};
  return {};
}

}  // namespace app
