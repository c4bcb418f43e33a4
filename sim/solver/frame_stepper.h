// FrameStepper: how a frame advances on a backend, the one choice Settings::integrator makes — Small Steps
// Algorithm 1 (solver/xpbd/xpbd_stepper.h) or a force-based integrator (solver/force/force_stepper.h).
// Both run the same families' stages (registry/family_list.h) on the same Core, and find contacts the
// same way (detect_contacts).
#pragma once

#include "registry/family_list.h"
#include "registry/settings.h"
#include "solver/solver.h"
#include "solver/solver_core.h"

namespace sim {

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
  // One frame of settings.frame_dt; fills what it measured into stats (the caller times it and waits).
  virtual void step(Core& core, Stages& families, const Settings& settings, StepStats& stats) = 0;
};

// Algorithm 1 line 1 (Small Steps §4.2): every family's contacts along the path predicted over dt, timed by
// core.detection_watch.
template <class Core, class Stages>
void detect_contacts(Core& core, Stages& families, Vec3 gravity, Real dt) {
  core.detection_watch.start();
  for_each_family(families, [&](auto& f) { f.detect(core, gravity, dt); });
  core.detection_watch.stop();
}

}  // namespace sim
