// Distance constraint C = |x_a − x_b| − L (Müller et al. 2007; XPBD form in Small Steps Eqs. 4-8).
// ∇_a C = n, ∇_b C = −n with n = (x_a − x_b)/|x_a − x_b|. Compliance α = 0 is inextensible.
#pragma once

#include "constraints/xpbd.h"
#include "core/lanes.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

struct DistanceEval {
  Real C;  // [m]
  Vec3 n;  // unit gradient with respect to x_a [-]; zero when the points coincide
};

SIM_HD DistanceEval distance_eval(Vec3 xa, Vec3 xb, Real rest_length) {
  const Vec3 d = xa - xb;
  const Real len = length(d);
  if (len <= Real(1e-12)) return {-rest_length, {0.0, 0.0, 0.0}};
  return {len - rest_length, (1 / len) * d};
}

struct DistanceCorrection {
  Vec3 dxa, dxb;  // position corrections [m]
  Real dlambda;   // multiplier increment [N·s²]
};

// One projection of Eq. 8. relative_motion = (x_a − x_aⁿ) − (x_b − x_bⁿ), the motion since the substep
// began; only damping (β > 0) reads it. split_a, split_b > 0 scale the inverse masses in the Δλ
// denominator only (mass splitting, Tonge et al. 2012, for Jacobi: a particle shared by n constraints
// answers each with 1/n of its mass); the corrections are Eq. 4's Δx = M⁻¹∇CᵀΔλ with the true masses.
// The compliance term α̃ is not scaled, so a compliant constraint still converges to C = −α̃λ (= αF).
SIM_HD DistanceCorrection project_distance(Vec3 xa, Vec3 xb, Real wa, Real wb, Real rest_length, Real alpha,
                                           Real beta, Real lambda, Real h, Vec3 relative_motion,
                                           Real split_a = 1.0, Real split_b = 1.0) {
  const DistanceEval e = distance_eval(xa, xb, rest_length);
  if (e.n.x == 0.0 && e.n.y == 0.0 && e.n.z == 0.0) return {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 0.0};
  const Real dl = xpbd_delta_lambda({e.C, split_a * wa + split_b * wb, dot(e.n, relative_motion)}, alpha,
                                    beta, lambda, h);
  return {(wa * dl) * e.n, (-wb * dl) * e.n, dl};
}

// The same projection for an undamped constraint (β = 0), with α̃ = α/h² given: one division and one
// square root instead of four divisions and a root. Δλ = (−C − α̃λ)/D with D = w_a' + w_b' + α̃ and
// n = d/|d| share s = 1/(|d| D): Δλ = (−C − α̃λ)|d| s and n Δλ = (−C − α̃λ) s d. The divider bounded the
// CPU's Gauss-Seidel loop: perf put 21 % of a 387² frame's samples on the instruction that waits for one
// division (2-core Intel Xeon, 2026-11-25, docs/PERFORMANCE.md). Written for a number type R (core/lanes.h):
// Real, or two constraints at once on the CPU, lane by lane the same operations. d = x_a − x_b; a
// constraint whose points coincide, or whose ends are both pinned and rigid (D ≤ 0), moves nothing.
template <class R>
struct UndampedDistanceStep {
  R ax, ay, az;  // Δx_a [m]
  R bx, by, bz;  // Δx_b [m]
  R dlambda;     // Δλ [N·s²]
};
template <class R>
SIM_HD UndampedDistanceStep<R> undamped_distance_step(R dx, R dy, R dz, R wa, R wb, R rest_length,
                                                      R alpha_tilde, R lambda, R split_a, R split_b) {
  const R len = root(dx * dx + dy * dy + dz * dz);
  const R denominator = split_a * wa + split_b * wb + alpha_tilde;
  const auto drop = (len <= Real(1e-12)) | (denominator <= Real(0));
  const R s = Real(1) / (len * denominator);
  const R numerator = rest_length - len - alpha_tilde * lambda;
  const R g = numerator * s;  // n Δλ = g d
  const R gx = g * dx, gy = g * dy, gz = g * dz, minus_wb = -wb;
  return {zero_where(drop, wa * gx),
          zero_where(drop, wa * gy),
          zero_where(drop, wa * gz),
          zero_where(drop, minus_wb * gx),
          zero_where(drop, minus_wb * gy),
          zero_where(drop, minus_wb * gz),
          zero_where(drop, numerator * len * s)};
}

SIM_HD DistanceCorrection project_distance_undamped(Vec3 xa, Vec3 xb, Real wa, Real wb, Real rest_length,
                                                    Real alpha_tilde, Real lambda, Real split_a = 1.0,
                                                    Real split_b = 1.0) {
  const Vec3 d = xa - xb;
  const UndampedDistanceStep<Real> c =
      undamped_distance_step(d.x, d.y, d.z, wa, wb, rest_length, alpha_tilde, lambda, split_a, split_b);
  return {{c.ax, c.ay, c.az}, {c.bx, c.by, c.bz}, c.dlambda};
}

}  // namespace SIM_PRECISION
}  // namespace sim
