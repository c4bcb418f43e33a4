// ForceStepper<Exec>: a frame of a force-based integrator of Teschner's particle-motion lectures
// (settings/integrator.h), the comparison the Small Steps paper measures XPBD against: the constraints act
// as springs, U = Σ C²/(2α) (constraints/energy.h), whose forces and stiffness products the families give
// through the same energy passes (solver/force/energy_pass.h). An explicit scheme steps x and v with those
// forces (solver/force/explicit_integrator.h); implicit Euler replaces Algorithm 1's iterations by a
// Newton-PCG solve on the families' energy (solver/force/newton_pcg.h). Either way the families without an
// energy — the contacts — are then projected once as hard constraints, and an explicit scheme's velocity
// takes that projection's displacement.
#pragma once

#include "solver/force/explicit_integrator.h"
#include "solver/force/newton_pcg.h"
#include "solver/frame_stepper.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Exec>
class ForceStepper final : public FrameStepper<Exec> {
 public:
  using typename FrameStepper<Exec>::Core;
  using typename FrameStepper<Exec>::Stages;

  void state_uploaded() override { explicit_.invalidate(); }  // a scheme's history starts anew

  void step(Core& core, Stages& families, const Settings& s, const StepFeedback&, StepStats& stats) override {
    stats.plan.substeps = stats.plan.wanted = s.substeps;
    explicit_.reset_evaluations();
    if (explicit_scheme(s.integrator)) {
      explicit_frame(core, families, s);
      stats.evaluations = explicit_.evaluations();
      return;
    }
    explicit_.invalidate();  // a later explicit frame starts its history anew
    // Implicit Euler: Algorithm 1's frame with a Newton-PCG solve and the contacts in place of its iterations.
    substep_frame(
        core, families, s, false, [] {},
        [&](const Substep& substep) {
          stats.cg_residual = newton_.step(core, families, substep);
          project_contacts(core, families, substep);
        });
  }

 private:
  // The families without an elastic energy (the contacts) projected once, as hard constraints.
  static void project_contacts(Core& core, Stages& families, const Substep& substep) {
    for_each_family(families, [&](auto& f) {
      if (!f.kElastic) f.project(core, substep);
    });
  }

  // A frame of an explicit scheme: contacts found as Algorithm 1 finds them, then each step from xⁿ = x
  // (kept in x_prev for the contacts' friction) followed by the contacts, whose displacement the velocity
  // takes.
  void explicit_frame(Core& core, Stages& families, const Settings& s) {
    const Real h = s.substep_dt();
    const Vec3 gravity = s.gravity_scale * core.gravity;
    const bool per_substep = s.contact_detection == ContactDetection::PerSubstep;
    if (!per_substep) detect_contacts(core, families, gravity, s.frame_dt);
    for (int sub = 0; sub < s.substeps; ++sub) {
      if (per_substep) detect_contacts(core, families, gravity, h);
      explicit_step(core, families, Substep{s, h, Real(sub + 1) / Real(s.substeps), sub}, gravity);
    }
    for_each_family(families, [&](auto& f) { f.end_frame(core); });
  }

  // One step of the scheme and the contacts after it.
  void explicit_step(Core& core, Stages& families, const Substep& substep, Vec3 gravity) {
    Exec::copy(core.x_prev, core.state.particle_x);
    ++core.launches;
    for_each_family(families, [&](auto& f) { f.begin_substep(core, substep); });
    explicit_.step(core, families, substep, gravity);
    explicit_.save_scheme_positions(core);
    project_contacts(core, families, substep);
    explicit_.after_contacts(core, substep.h);
  }

  NewtonPcg<Exec> newton_;
  ExplicitIntegrator<Exec> explicit_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
