// ViewOptions: what the viewer (and `run --record` / `run --compare`, its hidden-window form) is asked
// to do, on top of a RunOptions (scene, parameters, base settings, backend, frames, metrics, the A/B
// settings of --compare, the recording to start with).
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "run/run_options.h"

namespace app {

// What a test injects into the viewer (issue 52 item 8): the clock that the real-time pacing and the
// real-time split read (empty: std::chrono::steady_clock::now), a call on the simulation thread at the end
// of each frame's job (empty: none), which a test holds to make a frame as slow as it needs, and one on the
// UI thread after each loop iteration's drawing, counted as drawing, which makes the drawing as slow.
struct ViewerHooks {
  std::function<std::chrono::steady_clock::time_point()> now;
  std::function<void()> frame_simulated;
  std::function<void()> frame_drawn;
};

struct ViewOptions {
  explicit ViewOptions(RunOptions r) : run(std::move(r)) {}

  RunOptions run;
  bool caption = true;             // burn the settings caption into frames
  std::string colour_by;           // flat|speed|error|strain (render::kColourByFlags); "": flat
  int width = 1280, height = 720;  // window (and video) size [px]
  bool interactive = true;         // false: hidden window, run.frames frames, then exit with a summary
  int quit_after = 0;              // interactive: close after this many simulated frames (0: never)
  bool real_time = true;           // interactive: pace the simulation to the wall clock (the Stats' checkbox)
  // interactive: where the Record panel suggests recording to (a preset's `record`, which the viewer does not
  // start unasked: issue 40 item 6); empty: smallsteps-<scene>.mp4
  std::string record_suggestion;
  ViewerHooks hooks;
};

// Parses "WxH" (each 64..8192). Throws sim::ParamError naming the option.
void parse_size(const std::string& text, int& width, int& height);
// Applies "name=value,name=value" to a copy of the settings. Throws sim::ParamError.
sim::ParamSet apply_overrides(const sim::ParamSet& settings, const std::string& overrides);

}  // namespace app
