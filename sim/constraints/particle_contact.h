// A particle (or a point between particles) against a static surface: inelastic contact with Coulomb
// friction, shared by the ground plane and the SDF collider. The caller supplies the gap C and the unit
// normal n = ∇C at the point.
//
// Small Steps Eq. 10: C_n = gap(x) + max(d₀ − v_max Δt_s, 0) ≥ 0, d₀ the penetration at the start of
//   the substep and v_max the largest speed at which an initial overlap is pushed out (no popping when
//   the substep shrinks); with d₀ = 0 it is a hard inequality.
// Eq. 11-12: the frictional attachment C_f = Dᵀ(x − xⁿ), the tangential motion this substep, with its
//   multiplier clamped by the normal one: static μ_s decides stick, dynamic μ_k bounds the slip.
#pragma once

#include "core/hd.h"
#include "core/index.h"
#include "core/position.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

// A cloth edge (a, b) as a contact point: its midpoint m = ½(x_a + x_b), with the particles' mean radius.
SIM_HD Vec3 edge_midpoint(const Position* x, Int2 e) { return 0.5 * (x[e.a] + x[e.b]); }
SIM_HD Real edge_radius(const Real* radius, Int2 e) { return 0.5 * (radius[e.a] + radius[e.b]); }

struct ContactMaterial {
  Real mu_static = 0.5;                // μ_s [-]
  Real mu_dynamic = 0.4;               // μ_k [-]
  Real max_depenetration_speed = 1.0;  // v_max of Eq. 10 [m/s]
};

struct ContactMultipliers {
  Real normal;    // λ_n this substep [N·s²]
  Real friction;  // |λ_f| this substep [N·s²]
};

// Where a particle is expected at the end of a step dt under gravity alone (Small Steps §4.2: contacts
// are detected along the trajectory predicted with the whole frame step).
SIM_HD Position predict_position(Position x, Vec3 v, Vec3 gravity, Real dt) {
  return x + dt * v + (dt * dt) * gravity;
}

// The Eq. 10 allowance max(d₀ − v_max Δt_s, 0) for a gap `gap_start` [m] at the start of the substep.
SIM_HD Real depenetration_allowance(Real gap_start, Real v_max, Real h) {
  return max_number(max_number(-gap_start, Real(0)) - v_max * h, Real(0));
}

// One projection of a contact at a point p = Σ βᵢ xᵢ of one or more particles (a particle, β = 1, or a
// cloth edge's midpoint, β = ½, ½), normal then friction, with the generalized inverse mass
// W = Σ βᵢ² wᵢ of Eq. 7 (α = 0, unit n). Returns the impulse J [N·s²] the caller applies as
// Δxᵢ = wᵢ βᵢ J; updates the multipliers in place.
// C: Eq. 10 value at p [m]; n: unit surface normal at p; p_n: p at the start of the substep.
SIM_HD Vec3 contact_impulse(Real C, Vec3 n, Position p, Position p_n, Real W, const ContactMaterial& m,
                            ContactMultipliers& lambda) {
  Vec3 J{0.0, 0.0, 0.0};
  if (W <= 0.0) return J;
  if (C < 0.0) {
    const Real dl = -C / W;
    J = dl * n;
    lambda.normal += dl;
  }
  if (lambda.normal <= 0.0) return J;
  const Vec3 motion = p + W * J - p_n;
  const Vec3 slip = motion - dot(motion, n) * n;  // Dᵀ(p − pⁿ), D spanning the tangent plane
  const Real slip_len = length(slip);
  if (slip_len <= 0.0) return J;
  const Real needed = slip_len / W;  // Δλ_f that would stop the slip entirely
  Real dl = needed;
  if (lambda.friction + needed > m.mu_static * lambda.normal)  // Eq. 12: slipping
    dl = min_number(needed, max_number(m.mu_dynamic * lambda.normal - lambda.friction, Real(0)));
  lambda.friction += dl;
  return J - (dl / slip_len) * slip;
}

// The contact of a single particle: p = x, W = w.
SIM_HD void project_particle_contact(Real C, Vec3 n, Position& x, Position x_n, Real w, const ContactMaterial& m,
                                     ContactMultipliers& lambda) {
  x += w * contact_impulse(C, n, x, x_n, w, m, lambda);
}

}  // namespace SIM_PRECISION
}  // namespace sim
