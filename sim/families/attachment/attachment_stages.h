// The attachment family's solver part: attachments to targets that move linearly over the frame's
// substeps (Small Steps Eqs. 4, 5, 8), and the mouse grab. Data and metric term:
// families/attachment/attachment_family.h.
#pragma once

#include "constraints/energy.h"
#include "core/position.h"
#include "families/attachment/attachment_family.h"
#include "families/common/grab_energy.h"
#include "families/family.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

// One attachment to a target that moves linearly from `start` to `end` over the frame's substeps.
SIM_HD void project_moving_attachment(Position& x, Real w, Vec3 start, Vec3 end, Real fraction, Real compliance,
                                      Real& lambda, Real h) {
  const Vec3 target = start + fraction * (end - start);
  const AttachmentCorrection c = project_attachment(x - target, {0.0, 0.0, 0.0}, w, compliance, lambda, h);
  x += c.dx;
  lambda += c.dlambda;
}

// Attachments to targets that move during the frame: within substep s of n the target is at
// p_start + (s + 1)/n (p_end − p_start), so a dragged particle moves smoothly instead of jumping once
// per frame.
struct ProjectAttachments {
  const int* particle;
  const Real* compliance;
  const Vec3* target_start;
  const Vec3* target_end;
  Real fraction;  // (s + 1) / n [-]
  Real* lambda;
  Position* x;
  const Real* w;
  Real h;
  SIM_HD void operator()(int t) const {
    const int i = particle[t];
    project_moving_attachment(x[i], w[i], target_start[t], target_end[t], fraction, compliance[t], lambda[t],
                              h);
  }
};

// The mouse grab: held particle t is attached to the cursor's target plus its offset; the target moves from
// `start` to `end` over the frame's substeps like ProjectAttachments' targets.
struct ProjectGrab {
  const int* particle;
  const Vec3* offset;  // [m]
  Vec3 start, end;     // [m]
  Real compliance;     // α [m/N]
  Real fraction;       // (s + 1) / n [-]
  Real* lambda;        // one multiplier per held particle [N·s²]
  Position* x;
  const Real* w;
  Real h;
  SIM_HD void operator()(int t) const {
    const int i = particle[t];
    project_moving_attachment(x[i], w[i], start + offset[t], end + offset[t], fraction, compliance, lambda[t],
                              h);
  }
};

// Force-based integrators (solver/force/energy_pass.h): one attachment's energy term at particle i, with its target
// where it is at the end of the step, added to out[i] (each particle has at most one attachment, so no two
// threads write one particle; the grab runs in a launch of its own).
struct EnergyAt {
  EnergyTerm term;
  const Real* w;
  const Position* x;
  const Vec3* p;  // Product's direction [m]
  Vec3* out;
  Real h;      // [s]
  Real kappa;  // κ of a zero-compliance attachment or grab [-]
  SIM_HD void add(int i, Vec3 start, Vec3 end, Real fraction, Real compliance) const {
    if (w[i] == 0.0) return;  // a pinned particle is out of the system
    const Vec3 dir = term == EnergyTerm::Product ? p[i] : Vec3{0.0, 0.0, 0.0};
    out[i] += attachment_energy_term(term, x[i], start + fraction * (end - start),
                                     attachment_energy_compliance(compliance, w[i], h, kappa), dir);
  }
};

struct AttachmentEnergy {
  const int* particle;
  const Real* compliance;
  const Vec3* target_start;
  const Vec3* target_end;
  Real fraction;
  EnergyAt at;
  SIM_HD void operator()(int t) const {
    at.add(particle[t], target_start[t], target_end[t], fraction, compliance[t]);
  }
};

struct GrabEnergy {
  const int* particle;
  const Vec3* offset;
  Vec3 start, end;
  Real compliance;
  Real fraction;
  EnergyAt at;
  SIM_HD void operator()(int t) const {
    at.add(particle[t], start + offset[t], end + offset[t], fraction, compliance);
  }
};

template <class Core>
class AttachmentFamily::Stages : public FamilyHooks {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  // The targets of the uploaded State are where this frame's motion starts.
  void state_uploaded(Core& core) { Exec::copy(target_start_, core.state.attachment.target); }

  void set_grab(const Grab& grab) {
    if (grab.particle != grab_.particle) grab_start_ = grab.target;
    grab_ = grab;
  }

  void hold(const GrabHold& hold) {
    Exec::upload(held_particle_, hold.particle);
    Exec::upload(held_offset_, hold.offset);
    Exec::resize(grab_lambda_, hold.particle.size());
  }

  double grab_energy(Real h) {
    return grabbing() ? sim::grab_energy<Exec, Real>(grab_lambda_, grab_.compliance, h) : 0.0;
  }

  void begin_substep(Core& core, const Substep&) {
    core.clear(core.state.attachment.lambda);
    if (grabbing()) core.clear(grab_lambda_);
  }

  void project(Core& core, const Substep& sub) {
    core.launch(int(Exec::size(core.model.attachment.particle)),
                ProjectAttachments{Exec::data(core.model.attachment.particle),
                                   Exec::data(core.model.attachment.compliance), Exec::data(target_start_),
                                   Exec::data(core.state.attachment.target), sub.fraction,
                                   Exec::data(core.state.attachment.lambda), core.x(), core.w(), sub.h});
    if (grabbing())
      core.launch(held(), ProjectGrab{Exec::data(held_particle_), Exec::data(held_offset_), grab_start_,
                                      grab_.target, grab_.compliance, sub.fraction, Exec::data(grab_lambda_),
                                      core.x(), core.w(), sub.h});
  }

  static constexpr bool kElastic = true;
  template <class Pass>
  void add_energy(Core& core, const Pass& pass) {
    const EnergyAt at{pass.term, core.w(), core.x(), pass.p, pass.out, pass.h, pass.kappa};
    core.launch(int(Exec::size(core.model.attachment.particle)),
                AttachmentEnergy{Exec::data(core.model.attachment.particle),
                                 Exec::data(core.model.attachment.compliance), Exec::data(target_start_),
                                 Exec::data(core.state.attachment.target), pass.fraction, at});
    if (grabbing())
      core.launch(held(), GrabEnergy{Exec::data(held_particle_), Exec::data(held_offset_), grab_start_,
                                     grab_.target, grab_.compliance, pass.fraction, at});
  }

  // The next frame's motion starts where this one's targets ended.
  void end_frame(Core& core) {
    if (Exec::size(core.state.attachment.target) > 0) {
      ++core.launches;
      Exec::copy(target_start_, core.state.attachment.target);
    }
    grab_start_ = grab_.target;
  }

 private:
  int held() const { return int(Exec::size(held_particle_)); }
  bool grabbing() const { return grab_.particle >= 0 && held() > 0; }

  typename Exec::template Buffer<Vec3> target_start_;  // attachment targets at the start of the frame [m]
  Grab grab_;
  Vec3 grab_start_{};                                 // the grab target at the start of the frame [m]
  typename Exec::template Buffer<int> held_particle_;  // GrabHold::particle
  typename Exec::template Buffer<Vec3> held_offset_;   // GrabHold::offset [m]
  typename Exec::template Buffer<Real> grab_lambda_;   // λ of each held particle [N·s²]
};

}  // namespace SIM_PRECISION
}  // namespace sim
