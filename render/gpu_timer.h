// GpuTimer: how long the GPU spent on the commands between begin() and end() [ms], by GL_TIME_ELAPSED
// queries (OpenGL 4.5 core, ARB_timer_query). A ring of queries is read only once its result is there, so
// that timing a frame never waits on the GPU; last_ms() is the most recent frame whose result arrived.
#pragma once

#include <array>
#include <chrono>

#include "render/gl.h"

namespace render {

class GpuTimer {
 public:
  GpuTimer() = default;
  ~GpuTimer();
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  void begin();  // no other GL_TIME_ELAPSED query may be open
  void end();
  void finish();  // waits for the queries in flight (the end of a headless run)
  double last_ms() const { return last_ms_; }  // 0 until a result has arrived
  int measured() const { return measured_; }   // frames whose result arrived
  double total_ms() const { return total_ms_; }

 private:
  void collect(bool wait);  // reads the finished queries (every one in flight, with wait), oldest first
  static constexpr int kRing = 4;
  std::array<GLuint, kRing> queries_{};
  std::array<bool, kRing> pending_{};
  std::array<std::chrono::steady_clock::time_point, kRing> began_{};
  int next_ = 0;
  bool open_ = false;
  double last_ms_ = 0.0, total_ms_ = 0.0;
  int measured_ = 0;
};

}  // namespace render
