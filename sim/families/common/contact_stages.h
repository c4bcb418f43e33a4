// Contact stages against the static surfaces, ground plane and SDF collider (Small Steps §4.2-4.4): for
// particles, and for cloth stretch edges at their midpoints against the collider.
// Detection runs once per frame (Algorithm 1 line 1): each particle's position is predicted with the
// whole frame step and a contact is kept when the path can come within the margin of the surface; every
// substep then projects the kept contacts as inequalities with Eq. 10's depenetration limit and Eq. 12's
// friction. With per-substep detection the same stage runs at every substep with dt = Δt_s.
#pragma once

#include "constraints/ground_contact.h"
#include "constraints/particle_contact.h"
#include "constraints/sdf_collider.h"
#include "core/index.h"
#include "core/position.h"
#include "families/common/flagged_list.h"
#include "families/distance/distance_data.h"

namespace sim {
inline namespace SIM_PRECISION {

// What detection reads and writes for every particle, whichever the surface.
struct ContactDetectArgs {
  const Position* x;
  const Vec3* v;
  const Real* w;
  const Real* radius;
  unsigned char* active;  // 1: a contact this frame (or substep)
  Vec3 gravity;           // [m/s²]
  Real dt;                // prediction step: Δt_f, or Δt_s when detecting per substep [s]
};

// The multipliers in `slot`, reset on the substep's first pass (Substep::fresh_pass): only flagged
// contacts' are ever read, so no pass over all of them clears them.
SIM_HD ContactMultipliers& substep_multipliers(ContactMultipliers* lambda, size_t slot, bool fresh) {
  if (fresh) lambda[slot] = {0.0, 0.0};
  return lambda[slot];
}

// What projection reads and writes for every flagged particle.
struct ContactProjectArgs {
  FlaggedIndices flagged;  // the flagged particles (families/common/flagged_list.h)
  const unsigned char* active;
  Position* x;
  const Position* x_prev;  // xⁿ, the start of the substep
  const Real* w;
  const Real* radius;
  ContactMultipliers* lambda;
  Real h;      // Δt_s [s]
  bool fresh;  // the substep's first pass: a flagged contact's multipliers start at 0 here

  SIM_HD ContactMultipliers& multipliers(size_t slot) const {
    return substep_multipliers(lambda, slot, fresh);
  }
};

// Bit k of active[i]: particle i's path comes within the margin of plane k (the ground, the walls).
struct DetectPlaneContacts {
  ContactDetectArgs a;
  ContactPlanes planes;
  SIM_HD void operator()(int i) const {
    unsigned char bits = 0;
    if (a.w[i] != 0.0) {
      const Vec3 predicted = predict_position(a.x[i], a.v[i], a.gravity, a.dt);
      for (int k = 0; k < planes.count; ++k) {
        const HalfSpace& s = planes.plane[k];
        const Real nearest = min_number(dot(s.n, a.x[i]), dot(s.n, predicted));
        if (nearest - a.radius[i] - s.offset < planes.margin) bits |= (unsigned char)(1u << k);
      }
    }
    a.active[i] = bits;
  }
};

// The flagged planes of the j-th flagged particle i, in order; lambda holds kMaxContactPlanes multipliers
// per particle.
struct ProjectPlaneContacts {
  ContactProjectArgs a;
  ContactPlanes planes;
  SIM_HD void operator()(int j) const {
    int i;
    if (!a.flagged.at(j, i)) return;
    for (int k = 0; k < planes.count; ++k)
      if (a.active[i] & (1u << k))
        project_plane_contact(planes.plane[k], planes.material, a.x[i], a.x_prev[i], a.w[i], a.radius[i], a.h,
                              a.multipliers(size_t(i) * kMaxContactPlanes + k));
  }
};

struct DetectColliderContacts {
  ContactDetectArgs a;
  SdfCollider collider;
  SIM_HD void operator()(int i) const {
    if (a.w[i] == 0.0) {
      a.active[i] = 0;
      return;
    }
    const Vec3 predicted = predict_position(a.x[i], a.v[i], a.gravity, a.dt);
    a.active[i] = collider.swept_contact(a.x[i], predicted, a.radius[i]) ? 1 : 0;
  }
};

// Eq. 10's allowance max(d₀ − v_max Δt_s, 0) of a collider contact, from the overlap d₀ at the start
// pⁿ of the substep, which no iteration changes: found on the substep's first pass (Substep::first_pass)
// from φ at the contact's point p now (SdfCollider::allowance_near: most contacts need no sample at pⁿ)
// and kept in values[slot] for the later passes. A pass of its own before the iterations sampled every
// contact at pⁿ (docs/PERFORMANCE.md).
struct SubstepAllowance {
  Real* values;  // one per contact [m]
  size_t slot;
  bool first;  // the substep's first pass
  Real h;      // Δt_s [s]
  SIM_HD Real at(const SdfCollider& collider, const SdfSample& at_p, Vec3 p, Vec3 p_start,
                 Real radius) const {
    if (first) values[slot] = collider.allowance_near(at_p, p, p_start, radius, h);
    return values[slot];
  }
};

// Below this |∇φ| the interpolant's gradient is no direction to push along (a true SDF has 1).
constexpr Real kMinContactGradient = 0.25;

// The contact C = φ(p) − r + allowance at the current point p (a particle, or a cloth edge's midpoint),
// with ∇C = ∇φ: the normal follows the surface as the point slides (the "function of the system
// coordinates" case of §4.3). The trilinear field's |∇φ| is not 1 (it drops near high curvature and the
// medial axis), so the step is Newton's on C, not a move by C: Δλ = −C / (W |∇φ|²), Δp = W Δλ ∇φ, i.e.
// C/|∇φ| along n = ∇φ/|∇φ| (contact_impulse takes that unit-normal form, so λ stays a force along n for
// friction). Where |∇φ| vanishes, the one-cell central difference gives the direction; where that
// vanishes too, the point goes back along its motion this substep (or up), by C.
struct SdfContactStep {
  Real C;  // C/|∇φ| [m]
  Vec3 n;  // unit normal
};
SIM_HD bool sdf_contact_step(const SdfCollider& collider, Vec3 p, Vec3 p_prev, Real radius,
                             const SubstepAllowance& allowance, SdfContactStep& step) {
  const SdfSample s = collider.sample(p);
  const Real C = s.phi - radius + allowance.at(collider, s, p, p_prev, radius);
  Vec3 grad = s.grad;
  if (length(grad) < kMinContactGradient) {
    if (C >= 0.0) return false;  // clear of the surface: nothing to push, no normal for friction
    grad = collider.cell_gradient(p);
    if (length(grad) < kMinContactGradient) grad = normalized_or(p_prev - p, {0.0, 1.0, 0.0});
  }
  const Real grad_len = length(grad);
  step = {C / grad_len, (1.0 / grad_len) * grad};
  return true;
}

// The j-th flagged particle against the SDF collider.
struct ProjectColliderContacts {
  static constexpr int kSerialBelow = 256;  // about 60 ns an item on one thread (CpuExec)
  ContactProjectArgs a;
  SdfCollider collider;
  Real* allowance;  // Eq. 10's, this substep (SubstepAllowance) [m]
  bool first;       // the substep's first pass: the allowance is found here (Substep::first_pass)
  SIM_HD_FLAT void operator()(int j) const {
    int i;
    if (!a.flagged.at(j, i)) return;
    ContactMultipliers& lambda = a.multipliers(size_t(i));
    SdfContactStep step;
    if (sdf_contact_step(collider, a.x[i], a.x_prev[i], a.radius[i], {allowance, size_t(i), first, a.h},
                         step))
      project_particle_contact(step.C, step.n, a.x[i], a.x_prev[i], a.w[i], collider.material, lambda);
  }
};

// Cloth edges against the SDF collider: a thin part of the collider (a bunny's ear, a blade) can slip
// between two particles that each keep their distance, leaving the edge straddling it. The stretch
// edges therefore touch the collider too, at their midpoint m = ½(x_a + x_b) with the particles' mean
// radius r: C = φ(m) − r ≥ 0, ∂C/∂x_a = ∂C/∂x_b = ½∇φ, so W = ¼(w_a + w_b) in contact_impulse, with
// the same Eq. 10 allowance and Eq. 12 friction as the particles. Found once per frame like theirs;
// projected colour by colour (edges of one colour share no particle).
struct ColliderEdgeArgs {
  const Int2* particles;     // the distance constraints' ends
  const DistanceKind* kind;  // only Stretch edges touch the collider
  const Real* w;
  const Real* radius;
  unsigned char* active;  // 1: a contact this frame (or substep)
  SIM_HD bool touches(int k) const {
    return kind[k] == DistanceKind::Stretch && w[particles[k].a] + w[particles[k].b] > 0.0;
  }
};

struct DetectColliderEdgeContacts {
  ColliderEdgeArgs e;
  const Position* x;
  const Vec3* v;
  Vec3 gravity;  // [m/s²]
  Real dt;       // [s]
  SdfCollider collider;
  SIM_HD void operator()(int k) const {
    if (!e.touches(k)) {
      e.active[k] = 0;
      return;
    }
    const Int2 p = e.particles[k];
    const Vec3 m = edge_midpoint(x, p);
    const Vec3 predicted =
        0.5 * (predict_position(x[p.a], v[p.a], gravity, dt) + predict_position(x[p.b], v[p.b], gravity, dt));
    e.active[k] = collider.swept_contact(m, predicted, edge_radius(e.radius, p)) ? 1 : 0;
  }
};

// The touching edges of one stretch colour (the detection's flagged list, families/common/flagged_list.h).
struct ProjectColliderEdgeColour {
  static constexpr int kSerialBelow = 256;  // about 70 ns an item on one thread (CpuExec)
  ColliderEdgeArgs e;
  FlaggedIndices touching;  // this colour's flagged edges
  Position* x;
  const Position* x_prev;
  ContactMultipliers* lambda;
  Real* allowance;  // Eq. 10's, this substep (SubstepAllowance) [m]
  SdfCollider collider;
  Real h;           // Δt_s [s]
  bool first_pass;  // the substep's first pass: the allowance is found here (Substep::first_pass)
  bool fresh;       // the multipliers start at 0 here (ContactProjectArgs::fresh)
  SIM_HD_FLAT void operator()(int j) const {
    int k;
    if (!touching.at(j, k)) return;
    ContactMultipliers& lambda_k = substep_multipliers(lambda, size_t(k), fresh);
    const Int2 p = e.particles[k];
    const Vec3 m = edge_midpoint(x, p), m_prev = edge_midpoint(x_prev, p);
    SdfContactStep step;
    if (!sdf_contact_step(collider, m, m_prev, edge_radius(e.radius, p),
                          {allowance, size_t(k), first_pass, h}, step))
      return;
    const Real wa = e.w[p.a], wb = e.w[p.b];
    const Vec3 J = contact_impulse(step.C, step.n, m, m_prev, 0.25 * (wa + wb), collider.material, lambda_k);
    x[p.a] += (0.5 * wa) * J;
    x[p.b] += (0.5 * wb) * J;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
