// ForceStepper<Exec>: a frame of a force-based integrator of Teschner's particle-motion lectures
// (settings/integrator.h), the comparison the Small Steps paper measures XPBD against: the constraints act
// as springs, U = Σ C²/(2α) (constraints/energy.h), whose forces and stiffness products the families give
// through the same energy passes (solver/force/energy_pass.h). An explicit scheme steps x and v with those
// forces (solver/force/explicit_integrator.h); implicit Euler replaces Algorithm 1's iterations by a
// Newton-PCG solve on the families' energy (solver/force/newton_pcg.h). Either way the families without an
// energy — the contacts — are then projected once as hard constraints, and an explicit scheme's velocity
// takes that projection's displacement.
#pragma once

#include <cmath>

#include "solver/force/explicit_integrator.h"
#include "solver/force/newton_pcg.h"
#include "solver/frame_stepper.h"
#include "solver/particle_stages.h"

namespace sim {

template <class Exec>
class ForceStepper final : public FrameStepper<Exec> {
 public:
  using typename FrameStepper<Exec>::Core;
  using typename FrameStepper<Exec>::Stages;

  void state_uploaded() override { explicit_.invalidate(); }  // a scheme's history starts anew

  void step(Core& core, Stages& families, const Settings& s, StepStats& stats) override {
    stats.plan.substeps = stats.plan.wanted = s.substeps;
    const int n = core.particle_count();
    const Real h = s.substep_dt();
    const Vec3 gravity = s.gravity_scale * core.gravity;
    const bool per_substep = s.contact_detection == ContactDetection::PerSubstep;
    Vec3* x = core.x();
    Vec3* x_prev = Exec::data(core.x_prev);
    Vec3* v = Exec::data(core.state.particle_v);
    explicit_.reset_evaluations();
    if (!explicit_scheme(s.integrator)) explicit_.invalidate();  // a later explicit frame starts anew
    if (!per_substep) detect_contacts(core, families, gravity, s.frame_dt);
    // Implicit Euler: line 11 of a substep and line 4 of the next in one pass where nothing between them
    // touches particles (as the XPBD stepper).
    bool fused = !per_substep;
    for_each_family(families, [&](auto& f) { fused = fused && !f.particles_after_velocity_update(); });
    const Predict predict{x, x_prev, v, core.w(), gravity, h};
    const UpdateVelocity update{x, x_prev, v, 1.0 / h, std::exp(-s.damping * h)};
    for (int sub = 0; sub < s.substeps; ++sub) {
      if (per_substep) detect_contacts(core, families, gravity, h);
      const Substep substep{s, h, Real(sub + 1) / Real(s.substeps), sub};
      if (explicit_scheme(s.integrator)) {
        explicit_step(core, families, substep, gravity);
        continue;
      }
      if (!fused || substep.first()) core.launch(n, predict);
      for_each_family(families, [&](auto& f) { f.begin_substep(core, substep); });
      stats.cg_residual = newton_.step(core, families, substep);
      project_contacts(core, families, substep);
      for_each_family(families, [&](auto& f) { f.end_iterations(core, substep); });
      if (fused && !substep.last())
        core.launch(n, UpdateVelocityPredict{update, predict});
      else
        core.launch(n, update);
      for_each_family(families, [&](auto& f) { f.end_substep(core, substep); });
    }
    for_each_family(families, [&](auto& f) { f.end_frame(core); });
    stats.evaluations = explicit_.evaluations();
  }

 private:
  // The families without an elastic energy (the contacts) projected once, as hard constraints.
  static void project_contacts(Core& core, Stages& families, const Substep& substep) {
    for_each_family(families, [&](auto& f) {
      if (!f.kElastic) f.project(core, substep);
    });
  }

  // One step of an explicit scheme from xⁿ = x (kept in x_prev for the contacts' friction), then the
  // contacts, whose displacement the velocity takes.
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

}  // namespace sim
