#include "viewer/frame_times.h"

#include <cstdio>

namespace app {

void RecordedTimes::print(const render::GpuTimer& gpu_draw, double encoder_ms) const {
  if (frames == 0) return;
  const double n = frames;
  char gpu[48] = "not measured";
  if (gpu_draw.measured() > 0)
    std::snprintf(gpu, sizeof gpu, "%.3f by timer query", gpu_draw.total_ms() / gpu_draw.measured());
  std::printf("rendered     %d frames, ms a frame (mean): drawn %.3f (to glFinish; GPU %s), read back %.3f, "
              "handed to the encoder %.3f; the encoder finished %.0f ms after the last\n",
              frames, draw_ms / n, gpu, read_back_ms / n, hand_off_ms / n, encoder_ms);
}

}  // namespace app
