#include "frame_step.h"

namespace sim {

FrameResult step_and_measure(World& world, const Settings& settings) {
  FrameResult r;
  world.step(settings);
  const MeasuredSums sums = world.measure(settings.gravity_scale);
  if (const auto reason = divergence_from_sums(sums)) {
    r.divergence = "diverged at frame " + std::to_string(world.frame()) + " (" + *reason + ")";
    return r;
  }
  r.metrics = metrics_from_sums(world.model(), sums, world.last_substep_dt());
  if (force_based(settings.integrator)) {
    // No multipliers: the compliant constraints' energy is their C²/(2α) (the tets' already is).
    r.metrics.elastic = r.metrics.violation;
    r.metrics.potential = r.metrics.gravitational + r.metrics.elastic;
    r.metrics.total = r.metrics.kinetic + r.metrics.potential;
  }
  r.metrics.frame = world.frame();
  r.metrics.time = world.time();
  r.metrics.substeps = world.last_substeps();
  if (settings.integrator == Integrator::Xpbd)
    r.metrics.projections = (long long)world.last_substeps() * settings.iterations * sums.constraints.count;
  r.metrics.step_ms = world.last_step_ms();
  r.metrics.detection_ms = world.last_detection_ms();
  r.metrics.launches = world.last_launches();
  r.metrics.threads = world.last_threads();
  r.metrics.cg_residual = world.last_cg_residual();
  return r;
}

}  // namespace sim
