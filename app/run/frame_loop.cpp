#include "run/frame_loop.h"

namespace app {

FrameLoop::FrameLoop(sim::ParamSet settings_values, std::vector<ScriptedSetting> script)
    : settings(std::move(settings_values)),
      frame_settings_(sim::settings_from_params(settings)),
      script_(std::move(script)) {}

void FrameLoop::rewind() {
  script_.rewind(settings);
  script_.apply_due(0.0, settings);
  frame_settings_ = sim::settings_from_params(settings);
}

void FrameLoop::restart() {
  divergence.reset();
  watch = sim::ErrorWatch();
  total_step_ms = total_detection_ms = 0.0;
  last = sim::measure(world->model(), world->state(), 0.0, sim::settings_from_params(settings).gravity_scale);
  failures = sim::failure_checks(world->model(), last);
}

std::vector<std::string> FrameLoop::begin_frame() {
  std::vector<std::string> applied = script_.apply_due(world->time(), settings);
  frame_settings_ = sim::settings_from_params(settings);
  return applied;
}

std::optional<sim::FrameResult> FrameLoop::advance() {
  if (divergence) return std::nullopt;
  return sim::step_and_measure(*world, frame_settings_);
}

bool FrameLoop::finish_frame(const std::optional<sim::FrameResult>& result) {
  if (!result) return false;
  total_step_ms += world->last_step_ms();
  total_detection_ms += world->last_detection_ms();
  if (result->divergence) {
    divergence = result->divergence;
    return true;
  }
  last = result->metrics;
  failures = sim::failure_checks(world->model(), last);
  watch.observe(last.frame, failures);
  return true;
}

}  // namespace app
