// XpbdStepper<Exec>: a frame of Small Steps Algorithm 1, written once against an execution policy, with the
// adaptive substepping of Giles & Andrews 2024 (Algorithm 1 there; solver/xpbd/stability.h) and the residual
// term (solver/xpbd/residual_rule.h) choosing its N, and the slew (solver/xpbd/substep_slew.h) taking it there.
// The constraints are the registered families' (registry/family_list.h): the stepper calls each family's
// hooks at their places in the algorithm and names none of them.
#pragma once

#include <algorithm>
#include <cmath>

#include "solver/frame_stepper.h"
#include "solver/xpbd/residual_rule.h"
#include "solver/xpbd/stability.h"
#include "solver/xpbd/substep_slew.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Exec>
class XpbdStepper final : public FrameStepper<Exec> {
 public:
  using typename FrameStepper<Exec>::Core;
  using typename FrameStepper<Exec>::Stages;

  void model_uploaded(Core& core) override {
    Exec::resize(particle_stiffness_, size_t(core.particle_count()));
    Exec::resize(particle_damping_, size_t(core.particle_count()));
    state_uploaded();
  }
  void state_uploaded() override {  // its multipliers and N come from no substep this stepper ran
    lambda_h_ = 0.0;
    last_substeps_ = 0;
    substeps_real_ = 0.0;
    hold_.reset();
  }

  // Algorithm 1 (substep_frame, solver/frame_stepper.h) with k iterations over every family as its lines
  // 6-9. With Settings::adaptive, the frame's substep count (or its damping) comes first from the geometric
  // stiffness of the last frame's mean forces (solver/xpbd/stability.h, families/common/frame_multipliers.h).
  void step(Core& core, Stages& families, const Settings& settings, const StepFeedback& feedback,
            StepStats& stats) override {
    stats.plan = plan_frame(core, families, settings, feedback);
    Settings s = settings;
    s.substeps = stats.plan.substeps;
    substep_frame(
        core, families, s, stats.plan.damping_dt > 0.0, [&] { damp(core, families); },
        [&](Substep& substep) {  // lines 6-9: k iterations over every family
          for (substep.iteration = 0; substep.iteration < s.iterations; ++substep.iteration)
            for_each_family(families, [&](auto& f) { f.project(core, substep); });
        });
    // the families summed their multipliers over this frame only while the stabilisation was on
    lambda_h_ = active_stabilization(s) != Stabilization::Off ? s.substep_dt() : 0.0;
    last_substeps_ = s.substeps;
  }

 private:
  // Giles & Andrews 2024 Algorithm 1 lines 1-7 (solver/xpbd/stability.h): K_d from the mean forces of the
  // last frame (the families' multipliers summed over its substeps), r = max K_d/M, and the frame's N, or
  // Eq. 6's damping at the fixed N (damping) or past N_max (hybrid). Off: the fixed n. The first frame
  // after a reset, whose loads are unknown, runs N_max: a one-iteration solve that starts coarse leaves an
  // error that later frames turn into motion (the swinging box started at 20 substeps gained 6 times its
  // energy over 200 s; started at 100 or 200 it kept it like a fixed N).
  // The frame's N: the rules' target (below), then the slew toward it from the last frame's N.
  StabilityPlan plan_frame(Core& core, Stages& families, const Settings& s, const StepFeedback& feedback) {
    StabilityPlan plan = target(core, families, s, feedback);
    plan.substeps = plan.target;
    if (last_substeps_ > 0 && feedback.valid) {
      const double factor = slew_factor(feedback.residual_energy, feedback.energy_scale, s.substep_slew);
      const double from = substeps_real_ > 0.0 ? substeps_real_ : double(last_substeps_);
      const Stabilization mode = active_stabilization(s);
      const bool residual_rule = mode == Stabilization::Residual || mode == Stabilization::Hybrid;
      substeps_real_ = slew(from, double(plan.target), factor, residual_rule ? s.adaptive_release : 1.0);
      plan.substeps = std::max(1, int(std::lround(substeps_real_)));
      plan.held = plan.substeps > plan.target && substeps_real_ > from / factor;
      if (plan.substeps != plan.target) plan.set_by = plan.held ? SubstepSource::Hold : SubstepSource::Slew;
    } else {
      substeps_real_ = double(plan.target);
    }
    if (plan.damping_dt > 0.0) {  // Eq. 6 at the N run
      plan.damping_dt = s.frame_dt / Real(plan.substeps);
      plan.damped = stability(core, families, plan.damping_dt, s.adaptive_alpha).damped;
    }
    return plan;
  }

  // The N the rules ask for: the fixed n (off, damping); Algorithm 1 (lines 1-7, solver/xpbd/stability.h) as
  // printed (substeps); the larger of it and the residual term (residual, hybrid; solver/xpbd/residual_rule.h);
  // clamped to [N_min, N_max]. Eq. 6's damping where N is
  // fixed (damping) or past N_max (hybrid). The first frame after a reset, whose loads are unknown, asks N_max.
  StabilityPlan target(Core& core, Stages& families, const Settings& s, const StepFeedback& feedback) {
    StabilityPlan plan;
    plan.target = plan.wanted = s.substeps;
    const Stabilization mode = active_stabilization(s);
    if (mode == Stabilization::Off) return plan;
    const int n_max = std::max(s.max_substeps, s.min_substeps);
    if (!(lambda_h_ > 0.0)) {  // no multipliers yet (a reset): N_max, the safe count (damping: n)
      if (mode != Stabilization::Damping) {
        plan.target = plan.wanted = n_max;
        plan.set_by = SubstepSource::Clamp;
        if (mode != Stabilization::Substeps) hold_.next({n_max, SubstepSource::Clamp});  // held like any ask
      }
      return plan;
    }
    plan.r = stability(core, families, 0.0).r;
    plan.stable_dt = plan.r > 0.0 ? 2.0 * std::sqrt(s.adaptive_alpha / plan.r) : 0.0;
    plan.wanted = substeps_needed(plan.r, s.frame_dt, s.adaptive_alpha, std::max(n_max, s.substeps));
    if (mode == Stabilization::Damping) {
      if (plan.wanted > s.substeps) plan.damping_dt = s.frame_dt / Real(s.substeps);
      return plan;
    }
    int wanted = plan.wanted;
    plan.set_by = SubstepSource::Algorithm1;
    if (mode != Stabilization::Substeps && feedback.valid && last_substeps_ > 0) {
      plan.residual = feedback.residual;
      plan.residual_substeps =
          residual_substeps(feedback.residual, feedback.order, s.adaptive_tolerance, last_substeps_);
      if (plan.residual_substeps > wanted) {
        wanted = plan.residual_substeps;
        plan.set_by = SubstepSource::Residual;
      }
    }
    if (mode != Stabilization::Substeps) {  // the residual rule's hold (solver/xpbd/residual_rule.h)
      const auto held = hold_.next({wanted, plan.set_by});
      wanted = held.substeps;
      plan.set_by = held.source;
    }
    plan.target = std::min(std::max(wanted, s.min_substeps), n_max);
    plan.clamped = plan.target != wanted;
    if (plan.clamped) plan.set_by = SubstepSource::Clamp;
    if (mode == Stabilization::Hybrid && plan.wanted > n_max) plan.damping_dt = s.frame_dt / Real(n_max);
    return plan;
  }

  // The families' geometric stiffness summed per DOF and reduced to r; at damping_dt > 0 the damping factors
  // of Eq. 6 at that step are written too.
  StabilitySums stability(Core& core, Stages& families, Real damping_dt, Real alpha = 0.0) {
    if (!(lambda_h_ > 0.0)) return {};
    const int n = core.particle_count();
    if (damping_dt == 0.0) {
      core.clear(particle_stiffness_);
      const StiffnessPass pass{Exec::data(particle_stiffness_), Real(1) / (lambda_h_ * lambda_h_)};
      for_each_family(families, [&](auto& f) { f.add_stiffness(core, pass); });
    }
    const StabilityPass pass{alpha, damping_dt};
    StabilitySums sums;
    if (n > 0) {
      ++core.launches;
      sums = Exec::template reduce<StabilitySums>(
          n,
          ParticleStabilityTerm{Exec::data(particle_stiffness_), core.w(), pass,
                                Exec::data(particle_damping_)},
          reduce_scratch_);
    }
    for_each_family(families, [&](auto& f) { sums = StabilitySums::combine(sums, f.stability(core, pass)); });
    return sums;
  }

  // Eq. 6's damping of one substep, on the velocities before the prediction.
  void damp(Core& core, Stages& families) {
    core.launch(core.particle_count(),
                DampParticles{Exec::data(core.state.particle_v), Exec::data(particle_damping_)});
    for_each_family(families, [&](auto& f) { f.damp(core); });
  }

  // Adaptive substepping: each particle's geometric stiffness column and Eq. 6's factors.
  typename Exec::template Buffer<DofStiffness> particle_stiffness_;
  typename Exec::template Buffer<Vec3> particle_damping_;
  typename Exec::template Buffer<unsigned char> reduce_scratch_;
  Real lambda_h_ = 0.0;    // Δt_s of the frame whose multipliers the families summed [s]; 0: none (K̃ = 0)
  int last_substeps_ = 0;  // N of the last frame; 0: none since the last reset
  double substeps_real_ = 0.0;  // the slew's real-valued N (solver/xpbd/substep_slew.h)
  TargetHold<SubstepSource> hold_;  // the residual rule's hold on its asks (solver/xpbd/residual_rule.h)
};

}  // namespace SIM_PRECISION
}  // namespace sim
