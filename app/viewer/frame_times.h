// What a recorded frame cost the viewer (issue 51 item 6): its draw (to glFinish headless), the draw on the
// GPU (timer query), the read-back and the hand-off to the encoder threads, summed over the recording and
// printed as means by a headless run.
#pragma once

#include "render/gpu_timer.h"

namespace app {

struct RecordedTimes {  // summed over recorded frames [ms]
  double draw_ms = 0.0, read_back_ms = 0.0, hand_off_ms = 0.0;
  int frames = 0;
  // The headless summary's "rendered" line; `encoder_ms` is how long the encoders ran on after the last frame.
  void print(const render::GpuTimer& gpu_draw, double encoder_ms) const;
};

}  // namespace app
