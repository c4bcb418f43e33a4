// FrameLoop: the frames of one run, as `run`, each viewer pane, the experiments and the soak step them
// (issue 53 item 8): the script's setting changes due at the World's time (--at), the step and its measures
// (sim::step_and_measure), the failure checks watched against their bounds (metrics/error_watch.h), the
// wall time summed, and the divergence that ends the run. A frame comes in three parts, so that the middle
// one can run on another thread (the viewer's simulation thread): begin_frame, advance (which touches only
// the World), finish_frame.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "metrics/error_watch.h"
#include "params/param.h"
#include "registry/frame_metrics.h"
#include "run/scripted_setting.h"
#include "world/frame_step.h"
#include "world/world.h"

namespace app {

class FrameLoop {
 public:
  explicit FrameLoop(sim::ParamSet settings, std::vector<ScriptedSetting> script = {});

  // The settings as the run starts: the script rewound onto them and its changes due at t = 0 applied
  // (build the World from settings_at_start()'s, then restart()).
  void rewind();
  sim::Settings settings_at_start() const { return sim::settings_from_params(settings); }
  // The run starts over on the World as it is now (new, or reset): no divergence, an empty watch, zero
  // totals, the measures of its current State.
  void restart();

  // Applies the script's changes due and takes the settings as they are now; returns the changes applied
  // ("substeps=12"), empty when none.
  std::vector<std::string> begin_frame();
  std::optional<sim::FrameResult> advance();  // the World's step; nothing once the run diverged
  // Takes the frame's result in; true when a frame was simulated (one that diverged included).
  bool finish_frame(const std::optional<sim::FrameResult>& result);
  bool step_frame() {  // the three parts in turn
    begin_frame();
    return finish_frame(advance());
  }
  const sim::Settings& frame_settings() const { return frame_settings_; }  // of the frame under way

  sim::ParamSet settings;  // the settings table's values: the script's changes, and the viewer's edits
  std::unique_ptr<sim::World> world;
  sim::FrameMetrics last;
  sim::FailureChecks failures;  // last's failure checks (sim::failure_checks)
  double total_step_ms = 0.0, total_detection_ms = 0.0;  // over the frames since the last restart [ms]
  sim::ErrorWatch watch;  // the failure checks since the last restart, against their bounds
  std::optional<std::string> divergence;

 protected:
  sim::Settings frame_settings_;

 private:
  SettingsScript script_;
};

}  // namespace app
