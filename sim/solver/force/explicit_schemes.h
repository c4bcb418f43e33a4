// The per-particle updates of the explicit schemes of Teschner's particle-motion lectures (Teschner,
// "Particle Motion" 1-3, University of Freiburg lecture notes), each a SIM_HD functor
// over one particle run by either backend. ExplicitIntegrator (solver/force/explicit_integrator.h) sequences them
// around the acceleration passes a = g − w ∇U − d v. Pinned particles (w = 0) never move. h: the step [s].
#pragma once

#include "core/position.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

// a = g + M⁻¹ f − d v with f = −∇U: the acceleration of Particle Motion 1 ("Governing equations") with
// gravity and velocity damping d [1/s]; 0 for a pinned particle.
struct Acceleration {
  const Real* w;
  const Vec3* grad;  // ∇U [N]
  const Vec3* v;     // [m/s]
  Vec3* a;           // [m/s²]
  Vec3 gravity;
  Real damping;
  SIM_HD void operator()(int i) const {
    a[i] = w[i] == 0.0 ? Vec3{0.0, 0.0, 0.0} : gravity - w[i] * grad[i] - damping * v[i];
  }
};

// The Taylor step back from (x, v) with acceleration a: x⁻ = x − h v + h² a/2 (Particle Motion 2, "A
// Predictor-Corrector Example"; the start of position Verlet, Beeman and the Adams predictor-corrector).
SIM_HD Position taylor_back(Position x, Vec3 v, Vec3 a, Real h) { return x - h * v + (Real(0.5) * h * h) * a; }

// An explicit Runge-Kutta tableau (Particle Motion 1: midpoint, Heun, Ralston, classic RK4, the 3/8 rule;
// explicit Euler is its one-stage case): stage i sits at x₀ + h Σ_j a_ij v_j, v₀ + h Σ_j a_ij a_j, time
// t + c_i h, and the step ends at x₀ + h Σ b_i v_i, v₀ + h Σ b_i a_i.
struct Tableau {
  int stages;
  Real a[4][4];
  Real b[4];
  Real c[4];
};

inline constexpr Tableau kExplicitEulerTableau{1, {}, {1.0}, {0.0}};
inline constexpr Tableau kMidpointTableau{2, {{}, {0.5}}, {0.0, 1.0}, {0.0, 0.5}};
inline constexpr Tableau kHeunTableau{2, {{}, {1.0}}, {0.5, 0.5}, {0.0, 1.0}};
inline constexpr Tableau kRalstonTableau{2, {{}, {2.0 / 3.0}}, {0.25, 0.75}, {0.0, 2.0 / 3.0}};
inline constexpr Tableau kRk4Tableau{
    4, {{}, {0.5}, {0.0, 0.5}, {0.0, 0.0, 1.0}}, {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6}, {0.0, 0.5, 0.5, 1.0}};
inline constexpr Tableau kRk38Tableau{4,
                                      {{}, {1.0 / 3}, {-1.0 / 3, 1.0}, {1.0, -1.0, 1.0}},
                                      {1.0 / 8, 3.0 / 8, 3.0 / 8, 1.0 / 8},
                                      {0.0, 1.0 / 3, 2.0 / 3, 1.0}};

// x = x₀ + h Σ_j coef_j kx_j, v = v₀ + h Σ_j coef_j kv_j over `count` earlier stages: a stage's state (its
// velocity written into the stage's kx) or, with coef = b, the step's end.
struct RungeKuttaCombine {
  const Position* x0;
  const Vec3* v0;
  const Real* w;
  const Vec3* kx[4];  // stage velocities [m/s]
  const Vec3* kv[4];  // stage accelerations [m/s²]
  Real coef[4];
  int count;
  Real h;
  Position* x;
  Vec3* v;
  SIM_HD void operator()(int i) const {
    Vec3 dx{0.0, 0.0, 0.0}, dv{0.0, 0.0, 0.0};
    if (w[i] != 0.0)
      for (int j = 0; j < count; ++j) {
        dx += coef[j] * kx[j][i];
        dv += coef[j] * kv[j][i];
      }
    const Vec3 vi = v0[i] + h * dv;  // v0 may be v: read before writing
    x[i] = x0[i] + h * dx;
    v[i] = vi;
  }
};

// v += kick a, then x += h v. Semi-implicit Euler (Particle Motion 2, Euler-Cromer: kick = h); leap-frog
// (Particle Motion 3) with v the half-step velocity v^{n+1/2}: kick = h/2 on the first step from a
// synchronised v, h after; velocity Verlet's first half (kick = h/2, x = x + h v + h² a/2).
struct KickDrift {
  const Real* w;
  const Vec3* a;
  Position* x;
  Vec3* v;
  Real kick;  // [s]
  Real h;
  SIM_HD void operator()(int i) const {
    if (w[i] == 0.0) return;
    v[i] += kick * a[i];
    x[i] += h * v[i];
  }
};

// v += kick a: velocity Verlet's second half.
struct Kick {
  const Real* w;
  const Vec3* a;
  Vec3* v;
  Real kick;  // [s]
  SIM_HD void operator()(int i) const {
    if (w[i] != 0.0) v[i] += kick * a[i];
  }
};

// Position (Störmer) Verlet, Particle Motion 3: x⁺ = 2x − x⁻ + h² a, x⁻ ← x, v = (x⁺ − x)/h (the lectures'
// velocity for damping and collisions). On the first step x⁻ = x − h v + h² a/2, the Taylor step back.
struct PositionVerletStep {
  const Real* w;
  const Vec3* a;
  Position* x;
  Position* x_back;  // x^{n−1} [m]
  Vec3* v;
  Real h;
  bool start;
  SIM_HD void operator()(int i) const {
    const Position xi = x[i];
    if (w[i] == 0.0) {
      x_back[i] = xi;
      return;
    }
    const Position back = start ? taylor_back(xi, v[i], a[i], h) : x_back[i];
    const Position next = xi + ((xi - back) + (h * h) * a[i]);  // 2x − x⁻ + h² a, on the displacement
    x_back[i] = xi;
    x[i] = next;
    v[i] = (1.0 / h) * (next - xi);
  }
};

// The Taylor step back of every particle, x⁻ = taylor_back(x, v, a), v⁻ = v − h a (Beeman, Adams).
struct TaylorBack {
  const Real* w;
  const Position* x0;
  const Vec3* v0;
  const Vec3* a;
  Position* x;
  Vec3* v;
  Real h;
  SIM_HD void operator()(int i) const {
    if (w[i] == 0.0) {
      x[i] = x0[i];
      v[i] = v0[i];
      return;
    }
    x[i] = taylor_back(x0[i], v0[i], a[i], h);
    v[i] = v0[i] - h * a[i];
  }
};

// Beeman's position update (Particle Motion 3): x += h v + h² (2a/3 − a⁻/6), and the velocity the next
// acceleration is evaluated with, v + h (3a − a⁻)/2 (the Adams-Bashforth 2 predictor).
struct BeemanPredict {
  const Real* w;
  const Vec3* a;
  const Vec3* a_back;
  const Vec3* v;
  Position* x;
  Vec3* v_predicted;
  Real h;
  SIM_HD void operator()(int i) const {
    if (w[i] == 0.0) {
      v_predicted[i] = v[i];
      return;
    }
    x[i] += h * v[i] + (h * h) * ((2.0 / 3.0) * a[i] - (1.0 / 6.0) * a_back[i]);
    v_predicted[i] = v[i] + (0.5 * h) * (3.0 * a[i] - a_back[i]);
  }
};

// Beeman's velocity update: v += h (5a⁺/12 + 2a/3 − a⁻/12).
struct BeemanCorrect {
  const Real* w;
  const Vec3* a_next;
  const Vec3* a;
  const Vec3* a_back;
  Vec3* v;
  Real h;
  SIM_HD void operator()(int i) const {
    if (w[i] != 0.0) v[i] += h * ((5.0 / 12.0) * a_next[i] + (2.0 / 3.0) * a[i] - (1.0 / 12.0) * a_back[i]);
  }
};

// Adams-Bashforth 2 prediction (Particle Motion 2): x* = x + h (3v − v⁻)/2, v* = v + h (3a − a⁻)/2.
struct AdamsPredict {
  const Real* w;
  const Position* x0;
  const Vec3* v;
  const Vec3* v_back;
  const Vec3* a;
  const Vec3* a_back;
  Position* x;
  Vec3* v_star;
  Real h;
  SIM_HD void operator()(int i) const {
    if (w[i] == 0.0) {
      v_star[i] = v[i];
      return;
    }
    x[i] = x0[i] + (0.5 * h) * (3.0 * v[i] - v_back[i]);
    v_star[i] = v[i] + (0.5 * h) * (3.0 * a[i] - a_back[i]);
  }
};

// Adams-Moulton 2 correction: x⁺ = x + h (v* + v)/2, v⁺ = v + h (a* + a)/2; v and a become the history v⁻,
// a⁻ of the next step.
struct AdamsCorrect {
  const Real* w;
  const Position* x0;
  const Vec3* v_star;
  const Vec3* a_star;
  const Vec3* a;
  Vec3* a_back;
  Vec3* v_back;
  Position* x;
  Vec3* v;
  Real h;
  SIM_HD void operator()(int i) const {
    const Vec3 vi = v[i];
    v_back[i] = vi;
    a_back[i] = a[i];
    if (w[i] == 0.0) return;
    x[i] = x0[i] + (0.5 * h) * (v_star[i] + vi);
    v[i] = vi + (0.5 * h) * (a_star[i] + a[i]);
  }
};

// Gear's six-value predictor-corrector (Particle Motion 3) on the scaled derivatives r_k = h^k x^(k)/k!,
// with r0 = x and r1 = h v kept as the State and r2..r5 here.
struct GearHistory {
  Vec3* r2;
  Vec3* r3;
  Vec3* r4;
  Vec3* r5;
};

// The start: r2 = h² a/2, r3 = r4 = r5 = 0 (the lectures' initialisation).
struct GearStart {
  const Real* w;
  const Vec3* a;
  GearHistory r;
  Real h;
  SIM_HD void operator()(int i) const {
    r.r2[i] = w[i] == 0 ? Vec3{0.0, 0.0, 0.0} : (Real(0.5) * h * h) * a[i];
    r.r3[i] = r.r4[i] = r.r5[i] = {0.0, 0.0, 0.0};
  }
};

// Prediction by the Taylor (Pascal) matrix: r_k += Σ_{j>k} C(j, k) r_j.
struct GearPredict {
  const Real* w;
  GearHistory r;
  Position* x;
  Vec3* v;
  Real h;
  SIM_HD void operator()(int i) const {
    if (w[i] == 0.0) return;
    const Vec3 r1 = h * v[i], r2 = r.r2[i], r3 = r.r3[i], r4 = r.r4[i], r5 = r.r5[i];
    x[i] += r1 + r2 + r3 + r4 + r5;
    v[i] = (1.0 / h) * (r1 + 2.0 * r2 + 3.0 * r3 + 4.0 * r4 + 5.0 * r5);
    r.r2[i] = r2 + 3.0 * r3 + 6.0 * r4 + 10.0 * r5;
    r.r3[i] = r3 + 4.0 * r4 + 10.0 * r5;
    r.r4[i] = r4 + 5.0 * r5;
  }
};

// Correction by the error ε = r2 − h² a/2 of the predicted acceleration: r_k −= c_k ε with the lectures'
// c = (3/20, 251/360, 1, 11/18, 1/6, 1/60) (3/20: forces that depend on velocity).
struct GearCorrect {
  const Real* w;
  const Vec3* a;
  GearHistory r;
  Position* x;
  Vec3* v;
  Real h;
  SIM_HD void operator()(int i) const {
    if (w[i] == 0.0) return;
    const Vec3 e = r.r2[i] - (Real(0.5) * h * h) * a[i];
    x[i] -= (3.0 / 20.0) * e;
    v[i] -= (Real(251.0 / 360.0) / h) * e;
    r.r2[i] -= e;
    r.r3[i] -= (11.0 / 18.0) * e;
    r.r4[i] -= (1.0 / 6.0) * e;
    r.r5[i] -= (1.0 / 60.0) * e;
  }
};

// After the contacts were projected (from x_scheme to x): the velocity takes the projection's
// displacement, v += (x − x_scheme)/h, as XPBD's v = (x − xⁿ)/h would.
struct ContactVelocity {
  const Position* x;
  const Position* x_scheme;
  Vec3* v;
  Real inv_h;
  SIM_HD void operator()(int i) const { v[i] += inv_h * (x[i] - x_scheme[i]); }
};

}  // namespace SIM_PRECISION
}  // namespace sim
