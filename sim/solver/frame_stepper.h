// FrameStepper: how a frame advances on a backend, the one choice Settings::integrator makes — Small Steps
// Algorithm 1 (solver/xpbd/xpbd_stepper.h) or a force-based integrator (solver/force/force_stepper.h).
// Both run the same families' stages (registry/family_list.h) on the same Core, and find contacts the
// same way (detect_contacts).
#pragma once

#include <cmath>

#include "core/position.h"
#include "registry/family_list.h"
#include "registry/settings.h"
#include "solver/particle_stages.h"
#include "solver/solver.h"
#include "solver/solver_core.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Exec>
class FrameStepper {
 public:
  using Core = SolverCore<Exec>;
  using Stages = typename Families::template Stages<Core>;

  virtual ~FrameStepper() = default;
  // The Model was uploaded into core: size what the stepper keeps per particle.
  virtual void model_uploaded(Core&) {}
  // A State was uploaded: what the stepper derived from the last frames (multipliers' sums, a scheme's
  // history) starts anew.
  virtual void state_uploaded() {}
  // One frame of settings.frame_dt, after the frame `feedback` measured; fills what it measured into stats (the
  // caller times it and waits).
  virtual void step(Core& core, Stages& families, const Settings& settings, const StepFeedback& feedback,
                    StepStats& stats) = 0;
};

// Algorithm 1 line 1 (Small Steps §4.2): every family's contacts along the path predicted over dt, timed by
// core.detection_watch.
template <class Core, class Stages>
void detect_contacts(Core& core, Stages& families, Vec3 gravity, Real dt) {
  core.detection_watch.start();
  for_each_family(families, [&](auto& f) { f.detect(core, gravity, dt); });
  core.detection_watch.stop();
}

// Small Steps Algorithm 1 around its lines 6-9, which solve(substep) supplies: contacts found along the
// frame's predicted path (line 1) or before every substep, then s.substeps substeps of h (line 2), each
// damping where `damp` is given (adaptive damping), predicting (line 4), opening the families' substep
// (line 5's λ = 0), solving, closing the families' iterations and updating the velocities (line 11: with
// the next substep's prediction in one pass where nothing between them touches particles).
template <class Core, class Stages, class Damp, class Solve>
void substep_frame(Core& core, Stages& families, const Settings& s, bool damped, Damp&& damp, Solve&& solve) {
  using Exec = typename Core::Exec;
  const int n = core.particle_count();
  const Real h = s.substep_dt();
  const Vec3 gravity = s.gravity_scale * core.gravity;
  const bool per_substep = s.contact_detection == ContactDetection::PerSubstep;
  Position* x = core.x();
  Position* x_prev = Exec::data(core.x_prev);
  Vec3* v = Exec::data(core.state.particle_v);
  if (!per_substep) detect_contacts(core, families, gravity, s.frame_dt);
  bool fused = !per_substep && !damped;
  for_each_family(families, [&](auto& f) { fused = fused && !f.particles_after_velocity_update(); });
  const Predict predict{x, x_prev, v, core.w(), gravity, h};
  const UpdateVelocity update{x, x_prev, v, Real(1) / h, Real(std::exp(-s.damping * h))};
  for (int sub = 0; sub < s.substeps; ++sub) {
    if (per_substep) detect_contacts(core, families, gravity, h);
    typename Core::Substep substep{s, h, Real(sub + 1) / Real(s.substeps), sub};
    if (damped) damp();
    if (!fused || substep.first()) core.launch(n, predict);
    for_each_family(families, [&](auto& f) { f.begin_substep(core, substep); });
    solve(substep);
    for_each_family(families, [&](auto& f) { f.end_iterations(core, substep); });
    if (fused && !substep.last())
      core.launch(n, UpdateVelocityPredict{update, predict});
    else
      core.launch(n, update);
    for_each_family(families, [&](auto& f) { f.end_substep(core, substep); });
  }
  for_each_family(families, [&](auto& f) { f.end_frame(core); });
}

}  // namespace SIM_PRECISION
}  // namespace sim
