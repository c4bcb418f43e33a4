#include "render/gpu_timer.h"

namespace render {

GpuTimer::~GpuTimer() {
  if (queries_[0] != 0) glDeleteQueries(kRing, queries_.data());
}

void GpuTimer::begin() {
  if (queries_[0] == 0) glGenQueries(kRing, queries_.data());
  collect(false);
  if (pending_[size_t(next_)]) return;  // every query still in flight: this frame goes untimed
  glBeginQuery(GL_TIME_ELAPSED, queries_[size_t(next_)]);
  began_[size_t(next_)] = std::chrono::steady_clock::now();
  open_ = true;
}

void GpuTimer::end() {
  if (!open_) return;
  glEndQuery(GL_TIME_ELAPSED);
  open_ = false;
  pending_[size_t(next_)] = true;
  next_ = (next_ + 1) % kRing;
}

void GpuTimer::finish() { collect(true); }

void GpuTimer::collect(bool wait) {
  for (int k = 0; k < kRing; ++k) {
    const int i = (next_ + k) % kRing;  // oldest first
    if (!pending_[size_t(i)]) continue;
    GLint available = 0;
    if (!wait) glGetQueryObjectiv(queries_[size_t(i)], GL_QUERY_RESULT_AVAILABLE, &available);
    if (!wait && !available) return;  // later ones finish later
    GLuint64 ns = 0;
    glGetQueryObjectui64v(queries_[size_t(i)], GL_QUERY_RESULT, &ns);
    pending_[size_t(i)] = false;
    // No draw outlasts the wall time since it began: Mesa's llvmpipe answers a context's first query with
    // a timestamp instead of an interval, which this drops.
    const double ms = double(ns) * 1e-6;
    if (ms > std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began_[size_t(i)]).count())
      continue;
    last_ms_ = ms;
    total_ms_ += last_ms_;
    ++measured_;
  }
}

}  // namespace render
