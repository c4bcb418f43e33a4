// Backward Euler solved by Newton's method with Jacobi-preconditioned conjugate gradients (or Jacobi
// iterations), matrix-free
// (Small Steps §6.3's comparison: "a linearly implicit Newton method with a Krylov PCG solver (using a
// diagonal Jacobi preconditioner) applied directly to equations (1)-(2)"; Baraff & Witkin 1998). One step
// of h from xⁿ with velocity v minimises
//   E(x) = (x − x̃)ᵀ M (x − x̃)/(2h²) + U(x),   x̃ = xⁿ + h v + h² g,
// U the elastic energy of every family that has one (each compliant constraint as C²/(2α),
// constraints/energy.h). Newton starts at x = xⁿ; each Newton step solves
//   (M/h² + K(x)) Δx = −(M (x − x̃)/h² + ∇U(x))
// by at most Settings::linear_iterations of PCG, with K the families' stiffness products and diag(M/h² + K)
// the preconditioner, or of Jacobi, Δx += ω D⁻¹ (r − A Δx) with D that diagonal and ω =
// Settings::linear_omega (Teschner, Particle Motion 2, "Solver - Jacobi": "in practical settings typically
// ω = 0.5"; D holds only the diagonal of K's 3×3 blocks, so ω = 1 can diverge on stiff springs). One Newton
// step from xⁿ is the linearly implicit backward Euler step of the lectures: with Δx = h v⁺ it reads (M + h²
// K) v⁺ = M v + h (f(xⁿ) + M g), their (I − h² J) v⁺ = v + h a times M. Pinned particles (w = 0) are left out
// of the system. Contacts have no energy: the contact families project once after the solve, as hard
// constraints.
// Safeguards (issue 41): PCG stops at |r| ≤ kCgTolerance |r₀| (Nocedal & Wright 2006, Alg. 5.3 with a
// relative stopping test) and on breakdown (pᵀAp ≤ 0, rᵀz ≤ 0 or a non-finite step length); without them a
// 10,000-iteration budget ran the recurrences down to |r|/|r₀| = 1e-151, where rᵀz and pᵀAp lose their
// digits and the step length α = rᵀz/pᵀAp is noise. Each Newton step is then a backtracking line search
// on E (Nocedal & Wright Alg. 3.1 with a plain decrease test): Δx, Δx/2, ... down to Δx/2¹⁰ until E does
// not rise beyond rounding; a step that no length makes acceptable is rejected and ends the Newton loop.
#pragma once

#include <cmath>

#include "core/position.h"
#include "solver/force/energy_pass.h"
#include "solver/particle_stages.h"
#include "solver/solver_core.h"

namespace sim {
inline namespace SIM_PRECISION {

// Two sums of one pass over the particles.
struct PairSums {
  double a = 0.0, b = 0.0;
  SIM_HD static PairSums combine(const PairSums& x, const PairSums& y) { return {x.a + y.a, x.b + y.b}; }
};

SIM_HD Real mass_over_h2(Real w, Real inv_h2) { return w > 0.0 ? inv_h2 / w : 0.0; }

// The Newton right-hand side r = −∇E (zero for pinned particles), the preconditioner d = m/h² + diag K,
// and PCG's start: Δx = 0, z = r/d, p = z. Returns (r·z, r·r).
struct NewtonStart {
  const Position* x;
  const Position* x_tilde;
  const Real* w;
  const Vec3* grad;  // ∇U
  Vec3* diag;        // diag K in, d out
  Vec3* r;
  Vec3* z;
  Vec3* p;
  Vec3* dx;
  Real inv_h2;
  SIM_HD PairSums operator()(int i) const {
    dx[i] = {0.0, 0.0, 0.0};
    if (w[i] == 0.0) {  // out of the system: r, z, p stay 0, and d = 1 keeps z = r/d from 0/0
      r[i] = z[i] = p[i] = {0.0, 0.0, 0.0};
      diag[i] = {1.0, 1.0, 1.0};
      return {};
    }
    const Real m = mass_over_h2(w[i], inv_h2);
    r[i] = -(m * (x[i] - x_tilde[i]) + grad[i]);
    const Vec3 d = diag[i] + Vec3{m, m, m};
    diag[i] = d;
    z[i] = divide(r[i], d);
    p[i] = z[i];
    return {dot(r[i], z[i]), dot(r[i], r[i])};
  }
};

// q = (M/h² + K) p: the families' K p is in q; adds M p/h² and returns p·q.
struct ApplyMass {
  const Real* w;
  const Vec3* p;
  Vec3* q;
  Real inv_h2;
  SIM_HD PairSums operator()(int i) const {
    if (w[i] == 0.0) {
      q[i] = {0.0, 0.0, 0.0};
      return {};
    }
    q[i] += mass_over_h2(w[i], inv_h2) * p[i];
    return {dot(p[i], q[i]), 0.0};
  }
};

// Δx += a p, r −= a q, z = r/d; returns (r·z, r·r).
struct CgUpdate {
  const Vec3* p;
  const Vec3* q;
  const Vec3* d;
  Vec3* dx;
  Vec3* r;
  Vec3* z;
  Real a;
  SIM_HD PairSums operator()(int i) const {
    dx[i] += a * p[i];
    r[i] -= a * q[i];
    z[i] = divide(r[i], d[i]);
    return {dot(r[i], z[i]), dot(r[i], r[i])};
  }
};

// Jacobi: with q = K Δx from the families, the residual s = r − (M/h² + K) Δx, then Δx += ω s/d; returns
// (s·s, 0), the residual before the update.
struct JacobiUpdate {
  const Real* w;
  const Vec3* r;
  const Vec3* q;
  const Vec3* d;
  Vec3* dx;
  Real inv_h2;
  Real omega;
  SIM_HD PairSums operator()(int i) const {
    if (w[i] == 0.0) return {};
    const Vec3 s = r[i] - (q[i] + mass_over_h2(w[i], inv_h2) * dx[i]);
    dx[i] += omega * divide(s, d[i]);
    return {dot(s, s), 0.0};
  }
};

// E(x) = Σ m/(2h²)|x − x̃|² + U with U's shares from a Value energy pass in u[i].x; returns (E_i, 0).
struct StepEnergy {
  const Position* x;
  const Position* x_tilde;
  const Real* w;
  const Vec3* u;
  Real inv_h2;
  SIM_HD PairSums operator()(int i) const {
    const Vec3 d = x[i] - x_tilde[i];
    return {0.5 * mass_over_h2(w[i], inv_h2) * dot(d, d) + u[i].x, 0.0};
  }
};

// The line search's trial point x = x_start + t Δx (t = 1: the full Newton step, the same bits as x += Δx).
struct StepAlong {
  Position* x;
  const Position* x_start;
  const Vec3* dx;
  Real t;
  SIM_HD void operator()(int i) const { x[i] = x_start[i] + t * dx[i]; }
};

struct CgDirection {
  const Vec3* z;
  Vec3* p;
  Real beta;
  SIM_HD void operator()(int i) const { p[i] = z[i] + beta * p[i]; }
};

template <class Exec>
class NewtonPcg {
 public:
  // One backward Euler step: core.x holds x̃ (after Predict), core.x_prev holds xⁿ; leaves the solution in
  // core.x. Returns the last linear solve's relative residual |r|/|r₀|.
  template <class FamilyStages>
  double step(SolverCore<Exec>& core, FamilyStages& families, const Substep& sub) {
    const int n = core.particle_count();
    for (auto* b : {&x_tilde_, &x_start_}) Exec::resize(*b, size_t(n));
    for (auto* b : {&grad_, &diag_, &r_, &z_, &p_, &q_, &dx_}) Exec::resize(*b, size_t(n));
    Exec::copy(x_tilde_, core.state.particle_x);
    Exec::copy(core.state.particle_x, core.x_prev);  // Newton starts at xⁿ
    ++core.launches;
    const Real inv_h2 = 1.0 / (sub.h * sub.h);
    const Real* w = core.w();
    double relative = 0.0;
    double e = step_energy(core, families, sub);
    for (int newton = 0; newton < sub.settings.newton_iterations; ++newton) {
      energy(core, families, sub, EnergyTerm::Gradient, nullptr, grad_);
      energy(core, families, sub, EnergyTerm::Diagonal, nullptr, diag_);
      const PairSums s = reduce(core, n,
                                NewtonStart{core.x(), data(x_tilde_), w, data(grad_), data(diag_), data(r_),
                                            data(z_), data(p_), data(dx_), inv_h2});
      const double r0 = std::sqrt(s.b);
      if (!std::isfinite(r0)) break;
      relative = sub.settings.linear_solver == LinearSolver::Pcg ? pcg(core, families, sub, s, r0)
                                                                 : jacobi(core, families, sub, r0);
      if (!line_search(core, families, sub, e)) break;
    }
    return relative;
  }

 private:
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  template <class T>
  static T* data(Buffer<T>& b) {
    return Exec::data(b);
  }

  // Rounding in E's sum: a trial within this fraction of |E| counts as no rise [-].
  static constexpr double kEnergyRounding = 1e-12;
  static constexpr int kHalvings = 10;  // the shortest trial step is Δx/2¹⁰
  static constexpr double kCgTolerance = 1e-12;  // PCG stops at |r| ≤ this × |r₀| [-]

  // E at core.x.
  template <class FamilyStages>
  double step_energy(SolverCore<Exec>& core, FamilyStages& families, const Substep& sub) {
    energy(core, families, sub, EnergyTerm::Value, nullptr, q_);
    return reduce(core, core.particle_count(),
                  StepEnergy{core.x(), data(x_tilde_), core.w(), data(q_), Real(1.0 / (sub.h * sub.h))})
        .a;
  }

  // Moves core.x along dx_ by the longest of 1, 1/2, ... 1/2¹⁰ whose E does not rise above e (plus
  // rounding) and updates e; if none, leaves core.x where it was and returns false.
  template <class FamilyStages>
  bool line_search(SolverCore<Exec>& core, FamilyStages& families, const Substep& sub, double& e) {
    const int n = core.particle_count();
    Exec::copy(x_start_, core.state.particle_x);
    ++core.launches;
    Real t = 1.0;
    for (int halving = 0; halving <= kHalvings; ++halving, t *= 0.5) {
      core.launch(n, StepAlong{core.x(), data(x_start_), data(dx_), t});
      const double trial = step_energy(core, families, sub);
      if (trial <= e + kEnergyRounding * std::fabs(e)) {
        e = trial;
        return true;
      }
    }
    Exec::copy(core.state.particle_x, x_start_);
    ++core.launches;
    return false;
  }

  template <class F>
  PairSums reduce(SolverCore<Exec>& core, int n, const F& f) {
    ++core.launches;
    return Exec::template reduce<PairSums>(n, f, scratch_);
  }

  // At most linear_iterations of PCG from NewtonStart's s = (r·z, r·r), fewer at the tolerance or a
  // breakdown; returns |r|/|r₀|.
  template <class FamilyStages>
  double pcg(SolverCore<Exec>& core, FamilyStages& families, const Substep& sub, PairSums s, double r0) {
    const int n = core.particle_count();
    const Real inv_h2 = 1.0 / (sub.h * sub.h);
    double rz = s.a, relative = r0 > 0.0 ? 1.0 : 0.0;
    const double stop = kCgTolerance * r0;
    for (int it = 0; it < sub.settings.linear_iterations && std::sqrt(s.b) > stop && rz > 0.0; ++it) {
      energy(core, families, sub, EnergyTerm::Product, data(p_), q_);
      const double pq = reduce(core, n, ApplyMass{core.w(), data(p_), data(q_), inv_h2}).a;
      const double a = rz / pq;
      if (!(pq > 0.0) || !std::isfinite(a)) break;  // K lost definiteness along p, or p vanished
      s = reduce(core, n, CgUpdate{data(p_), data(q_), data(diag_), data(dx_), data(r_), data(z_), Real(a)});
      relative = r0 > 0.0 ? std::sqrt(s.b) / r0 : 0.0;
      core.launch(n, CgDirection{data(z_), data(p_), Real(s.a / rz)});
      rz = s.a;
    }
    return relative;
  }

  // At most linear_iterations of Jacobi with ω = linear_omega from Δx = 0; returns the last residual's
  // |r − A Δx|/|r₀| (before its update).
  template <class FamilyStages>
  double jacobi(SolverCore<Exec>& core, FamilyStages& families, const Substep& sub, double r0) {
    const int n = core.particle_count();
    const Real inv_h2 = 1.0 / (sub.h * sub.h);
    double relative = r0 > 0.0 ? 1.0 : 0.0;
    for (int it = 0; it < sub.settings.linear_iterations && r0 > 0.0; ++it) {
      energy(core, families, sub, EnergyTerm::Product, data(dx_), q_);
      const PairSums s = reduce(core, n,
                                JacobiUpdate{core.w(), data(r_), data(q_), data(diag_), data(dx_), inv_h2,
                                             Real(sub.settings.linear_omega)});
      relative = std::sqrt(s.a) / r0;
    }
    return relative;
  }

  template <class FamilyStages>
  void energy(SolverCore<Exec>& core, FamilyStages& families, const Substep& sub, EnergyTerm term,
              const Vec3* p, Buffer<Vec3>& out) {
    family_energy(
        core, families,
        EnergyPass{term, p, nullptr, sub.h, Real(info(Integrator::ImplicitEuler).hard_stiffness()), sub.fraction},
        out);
  }

  Buffer<Position> x_tilde_;  // x̃ [m]
  Buffer<Position> x_start_;  // x before the line search's trials [m]
  Buffer<Vec3> grad_;     // ∇U [N]
  Buffer<Vec3> diag_;     // diag K, then the preconditioner diag(M/h² + K) [N/m]
  Buffer<Vec3> r_, z_, p_, q_;
  Buffer<Vec3> dx_;  // the Newton step [m]
  Buffer<unsigned char> scratch_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
