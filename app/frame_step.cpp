#include "frame_step.h"

namespace app {

FrameResult step_and_measure(sim::World& world, const sim::Settings& settings) {
  FrameResult r;
  world.step(settings);
  const sim::State& state = world.state();
  if (const auto reason = sim::check_divergence(world.model(), state)) {
    r.divergence = "diverged at frame " + std::to_string(world.frame()) + " (" + *reason + ")";
    return r;
  }
  r.metrics = sim::measure(world.model(), state, world.last_substep_dt(), settings.gravity_scale);
  r.metrics.frame = world.frame();
  r.metrics.time = world.time();
  r.metrics.substeps = world.last_substeps();
  r.metrics.step_ms = world.last_step_ms();
  r.metrics.detection_ms = world.last_detection_ms();
  return r;
}

}  // namespace app
