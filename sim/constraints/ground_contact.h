// Particle contact with the ground plane y = height, an inequality constraint with Coulomb friction.
//
// Small Steps Eq. 9-10: C_n = n·x − (height + r) + max(d₀ − v_max Δt_s, 0) ≥ 0, n = (0, 1, 0),
//   where d₀ is the penetration at the start of the substep and v_max the largest speed at which an
//   initial overlap is pushed out (no popping when the step shrinks).
// Eq. 11-12: the frictional attachment C_f = Dᵀ(x − xⁿ) (tangential motion this substep) with its
//   multiplier clamped by the normal one, Δλ_f ≤ μ λ_n; static μ_s decides stick, dynamic μ_k bounds slip.
#pragma once

#include "core/vec3.h"

namespace sim {

struct GroundPlane {
  bool enabled = false;
  Real height = 0.0;                   // [m]
  Real mu_static = 0.5;                // [-]
  Real mu_dynamic = 0.4;               // [-]
  Real max_depenetration_speed = 1.0;  // v_max of Eq. 10 [m/s]
  Real margin = 0.01;                  // contact-detection margin beyond the predicted position [m]
};

// C_n of Eq. 10 for a particle of radius r at x, with x_n its position at the start of the substep.
SIM_HD Real ground_normal_C(const GroundPlane& g, Vec3 x, Vec3 x_n, Real r, Real h) {
  const Real d0 = fmax(g.height + r - x_n.y, 0.0);
  return x.y - (g.height + r) + fmax(d0 - g.max_depenetration_speed * h, 0.0);
}

struct ContactMultipliers {
  Real normal;    // λ_n this substep [N·s²]
  Real friction;  // |λ_f| this substep [N·s²]
};

// One projection of the contact (normal then friction); updates x and the multipliers in place.
SIM_HD void project_ground_contact(const GroundPlane& g, Vec3& x, Vec3 x_n, Real w, Real r, Real h,
                                   ContactMultipliers& lambda) {
  if (w <= 0.0) return;
  const Real C = ground_normal_C(g, x, x_n, r, h);
  if (C < 0.0) {
    const Real dl = -C / w;  // Eq. 7 with α = 0 and ∇C M⁻¹ ∇Cᵀ = w
    x.y += w * dl;
    lambda.normal += dl;
  }
  if (lambda.normal <= 0.0) return;
  const Vec3 motion = x - x_n;
  const Vec3 slip{motion.x, 0.0, motion.z};  // Dᵀ(x − xⁿ)
  const Real slip_len = length(slip);
  if (slip_len <= 0.0) return;
  const Real needed = slip_len / w;  // Δλ_f that would stop the slip entirely
  Real dl = needed;
  if (lambda.friction + needed > g.mu_static * lambda.normal) {  // Eq. 12: slipping
    dl = fmin(needed, fmax(g.mu_dynamic * lambda.normal - lambda.friction, 0.0));
  }
  x -= (dl / needed) * slip;
  lambda.friction += dl;
}

}  // namespace sim
