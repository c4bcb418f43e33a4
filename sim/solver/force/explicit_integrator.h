// ExplicitIntegrator<Exec>: one step of h of an explicit scheme of settings/integrator.h on both backends, the
// per-particle updates of solver/force/explicit_schemes.h around acceleration passes a = g − w ∇U − d v, with ∇U
// the families' elastic energy (solver/force/energy_pass.h; zero-compliance constraints, attachments and the
// grab act as springs with the scheme's κ, IntegratorInfo::hard_stiffness). The step starts from core.x = xⁿ
// (also in core.x_prev) and core.state.particle_v, and leaves x and v at t + h. Contacts are not forces: the
// solver projects them after the step and calls after_contacts.
// Multi-step schemes keep a history (past accelerations, x^{n−1}, Gear's derivatives); it starts anew
// (the Taylor step back, or the lectures' initialisation) whenever it is not valid: after invalidate()
// (a new State or Model), or when the integrator, h, gravity or damping changed since the last step.
#pragma once

#include "registry/settings.h"
#include "solver/force/energy_pass.h"
#include "solver/force/explicit_schemes.h"
#include "solver/solver_core.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Exec>
class ExplicitIntegrator {
 public:
  void invalidate() { valid_ = false; }

  // One step of sub.h with sub.settings.integrator (an explicit_scheme()).
  template <class FamilyStages>
  void step(SolverCore<Exec>& core, FamilyStages& families, const Substep& sub, Vec3 gravity) {
    const Key key{sub.settings.integrator, sub.h, Real(sub.settings.damping), gravity};
    if (!(key == key_)) valid_ = false;
    key_ = key;
    const size_t n = size_t(core.particle_count());
    for (auto* b : {&grad_, &v_stage_}) Exec::resize(*b, n);
    Exec::resize(x_scheme_, n);
    for (auto& b : a_) Exec::resize(b, n);
    const Pass<FamilyStages> p{core, families, sub, gravity};
    switch (sub.settings.integrator) {
      case Integrator::ExplicitEuler:
        runge_kutta(p, kExplicitEulerTableau);
        break;
      case Integrator::Midpoint:
        runge_kutta(p, kMidpointTableau);
        break;
      case Integrator::Heun:
        runge_kutta(p, kHeunTableau);
        break;
      case Integrator::Ralston:
        runge_kutta(p, kRalstonTableau);
        break;
      case Integrator::Rk4:
        runge_kutta(p, kRk4Tableau);
        break;
      case Integrator::Rk38:
        runge_kutta(p, kRk38Tableau);
        break;
      case Integrator::SemiImplicitEuler:
        eval(p, a(0), v(core), 0.0);
        core.launch(p.n(), KickDrift{core.w(), a(0), core.x(), v(core), sub.h, sub.h});
        break;
      case Integrator::LeapFrog:  // v is the half-step velocity v^{n+1/2} once started
        eval(p, a(0), v(core), 0.0);
        core.launch(p.n(), KickDrift{core.w(), a(0), core.x(), v(core), valid_ ? sub.h : sub.h / 2, sub.h});
        break;
      case Integrator::PositionVerlet:
        Exec::resize(x_back_, n);
        eval(p, a(0), v(core), 0.0);
        core.launch(p.n(), PositionVerletStep{core.w(), a(0), core.x(), Exec::data(x_back_), v(core), sub.h,
                                              !valid_});
        break;
      case Integrator::VelocityVerlet:  // a(0) keeps aⁿ from the last step's end
        if (!valid_) eval(p, a(0), v(core), 0.0);
        core.launch(p.n(), KickDrift{core.w(), a(0), core.x(), v(core), sub.h / 2, sub.h});
        eval(p, a(0), v(core), 1.0);
        core.launch(p.n(), Kick{core.w(), a(0), v(core), sub.h / 2});
        break;
      case Integrator::Beeman:
        beeman(p);
        break;
      case Integrator::AdamsPc:
        adams(p);
        break;
      case Integrator::Gear:
        gear(p);
        break;
      default:
        break;
    }
    valid_ = true;
  }

  // Before the solver projects the contacts: where the scheme left x.
  void save_scheme_positions(SolverCore<Exec>& core) {
    Exec::copy(x_scheme_, core.state.particle_x);
    ++core.launches;
  }
  // After it: the velocity takes the projection's displacement.
  void after_contacts(SolverCore<Exec>& core, Real h) {
    core.launch(core.particle_count(), ContactVelocity{core.x(), Exec::data(x_scheme_), v(core), Real(1) / h});
  }

  // Acceleration passes since reset_evaluations (the cost of a force-based frame).
  long long evaluations() const { return evaluations_; }
  void reset_evaluations() { evaluations_ = 0; }

 private:
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;

  struct Key {
    Integrator integrator = Integrator::Xpbd;
    Real h = 0.0;
    Real damping = 0.0;
    Vec3 gravity{};
    bool operator==(const Key& o) const {
      return integrator == o.integrator && h == o.h && damping == o.damping && gravity.x == o.gravity.x &&
             gravity.y == o.gravity.y && gravity.z == o.gravity.z;
    }
  };

  template <class FamilyStages>
  struct Pass {
    SolverCore<Exec>& core;
    FamilyStages& families;
    const Substep& sub;
    Vec3 gravity;
    int n() const { return core.particle_count(); }
    Real h() const { return sub.h; }
  };

  Vec3* a(int k) { return Exec::data(a_[k]); }
  static Vec3* v(SolverCore<Exec>& core) { return Exec::data(core.state.particle_v); }

  // out = a(core.x, vel) at time t + c h of the step (where moving attachment targets are then).
  template <class P>
  void eval(const P& p, Vec3* out, const Vec3* vel, Real c) {
    const Real fraction = p.sub.fraction - (1.0 - c) / Real(p.sub.settings.substeps);
    family_energy(p.core, p.families,
                  EnergyPass{EnergyTerm::Gradient, nullptr, nullptr, p.h(),
                             Real(info(p.sub.settings.integrator).hard_stiffness()), fraction},
                  grad_);
    p.core.launch(p.n(),
                  Acceleration{p.core.w(), Exec::data(grad_), vel, out, p.gravity, Real(p.sub.settings.damping)});
    ++evaluations_;
  }

  // Back to xⁿ after evaluating at another position.
  static void restore_x(SolverCore<Exec>& core) {
    Exec::copy(core.state.particle_x, core.x_prev);
    ++core.launches;
  }

  // Stage i: its state from the earlier stages (velocity into k_x[i], position into core.x), its
  // acceleration into a(i); then the step's end from all of them.
  template <class P>
  void runge_kutta(const P& p, const Tableau& t) {
    SolverCore<Exec>& core = p.core;
    RungeKuttaCombine f{core.xn(), v(core), core.w(), {}, {}, {}, 0, p.h(), core.x(), nullptr};
    for (int i = 0; i < t.stages; ++i) {
      Exec::resize(k_x_[i], size_t(p.n()));
      f.kx[i] = Exec::data(k_x_[i]);
      f.kv[i] = a(i);
    }
    for (int i = 0; i < t.stages; ++i) {
      RungeKuttaCombine stage = f;
      for (int j = 0; j < 4; ++j) stage.coef[j] = t.a[i][j];
      stage.count = i;
      stage.v = Exec::data(k_x_[i]);
      core.launch(p.n(), stage);
      eval(p, a(i), stage.v, t.c[i]);
    }
    for (int j = 0; j < 4; ++j) f.coef[j] = t.b[j];
    f.count = t.stages;
    f.v = v(core);
    core.launch(p.n(), f);
  }

  // aⁿ⁻¹ at the Taylor step back from (xⁿ, vⁿ) with aⁿ; the step-back velocity into v_back.
  template <class P>
  void start_back(const P& p, const Vec3* a_now, Vec3* a_back, Vec3* v_back) {
    p.core.launch(p.n(), TaylorBack{p.core.w(), p.core.xn(), v(p.core), a_now, p.core.x(), v_back, p.h()});
    eval(p, a_back, v_back, 0.0);
    restore_x(p.core);
  }

  // a(slot_[0]) = aⁿ (kept from the last step), a(slot_[1]) = aⁿ⁻¹; a(slot_[2]) takes aⁿ⁺¹, then they rotate.
  template <class P>
  void beeman(const P& p) {
    SolverCore<Exec>& core = p.core;
    if (!valid_) {
      slot_[0] = 0, slot_[1] = 1, slot_[2] = 2;
      eval(p, a(slot_[0]), v(core), 0.0);
      start_back(p, a(slot_[0]), a(slot_[1]), Exec::data(v_stage_));
    }
    Vec3* now = a(slot_[0]);
    Vec3* back = a(slot_[1]);
    Vec3* next = a(slot_[2]);
    core.launch(p.n(), BeemanPredict{core.w(), now, back, v(core), core.x(), Exec::data(v_stage_), p.h()});
    eval(p, next, Exec::data(v_stage_), 1.0);
    core.launch(p.n(), BeemanCorrect{core.w(), next, now, back, v(core), p.h()});
    const int old_back = slot_[1];
    slot_[1] = slot_[0], slot_[0] = slot_[2], slot_[2] = old_back;
  }

  // a(0) = aⁿ (evaluated at the step's start, after the last step's contacts), a(1) = aⁿ⁻¹, a(2) = a*.
  template <class P>
  void adams(const P& p) {
    SolverCore<Exec>& core = p.core;
    Exec::resize(v_back_, size_t(p.n()));
    eval(p, a(0), v(core), 0.0);
    if (!valid_) start_back(p, a(0), a(1), Exec::data(v_back_));
    core.launch(p.n(), AdamsPredict{core.w(), core.xn(), v(core), Exec::data(v_back_), a(0), a(1), core.x(),
                                    Exec::data(v_stage_), p.h()});
    eval(p, a(2), Exec::data(v_stage_), 1.0);
    core.launch(p.n(), AdamsCorrect{core.w(), core.xn(), Exec::data(v_stage_), a(2), a(0), a(1),
                                    Exec::data(v_back_), core.x(), v(core), p.h()});
  }

  template <class P>
  void gear(const P& p) {
    SolverCore<Exec>& core = p.core;
    for (auto& b : gear_) Exec::resize(b, size_t(p.n()));
    const GearHistory r{Exec::data(gear_[0]), Exec::data(gear_[1]), Exec::data(gear_[2]),
                        Exec::data(gear_[3])};
    if (!valid_) {
      eval(p, a(0), v(core), 0.0);
      core.launch(p.n(), GearStart{core.w(), a(0), r, p.h()});
    }
    core.launch(p.n(), GearPredict{core.w(), r, core.x(), v(core), p.h()});
    eval(p, a(0), v(core), 1.0);
    core.launch(p.n(), GearCorrect{core.w(), a(0), r, core.x(), v(core), p.h()});
  }

  Key key_;
  bool valid_ = false;
  int slot_[3] = {0, 1, 2};  // Beeman's aⁿ, aⁿ⁻¹ and aⁿ⁺¹ among a_
  long long evaluations_ = 0;
  Buffer<Vec3> grad_;      // ∇U [N]
  Buffer<Vec3> a_[4];      // accelerations: the RK stages, or the multi-step schemes' history [m/s²]
  Buffer<Vec3> k_x_[4];    // RK stage velocities [m/s]
  Buffer<Vec3> v_stage_;   // a predictor's velocity [m/s]
  Buffer<Position> x_back_;  // position Verlet's xⁿ⁻¹ [m]
  Buffer<Vec3> v_back_;    // Adams' vⁿ⁻¹ [m/s]
  Buffer<Vec3> gear_[4];   // Gear's r2..r5 [m]
  Buffer<Position> x_scheme_;  // x where the scheme left it, before the contacts [m]
};

}  // namespace SIM_PRECISION
}  // namespace sim
