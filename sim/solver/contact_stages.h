// Contact stages against the static surfaces, ground plane and SDF collider (Small Steps §4.2-4.4).
// Detection runs once per frame (Algorithm 1 line 1): each particle's position is predicted with the
// whole frame step and a contact is kept when the path can come within the margin of the surface; every
// substep then projects the kept contacts as inequalities with Eq. 10's depenetration limit and Eq. 12's
// friction. With per-substep detection the same stage runs at every substep with dt = Δt_s.
#pragma once

#include "collide/sdf_collider.h"
#include "constraints/ground_contact.h"

namespace sim {

// What detection reads and writes for every particle, whichever the surface.
struct ContactDetectArgs {
  const Vec3* x;
  const Vec3* v;
  const Real* w;
  const Real* radius;
  unsigned char* active;  // 1: a contact this frame (or substep)
  Vec3 gravity;           // [m/s²]
  Real dt;                // prediction step: Δt_f, or Δt_s when detecting per substep [s]
};

// What projection reads and writes for every flagged particle.
struct ContactProjectArgs {
  const unsigned char* active;
  Vec3* x;
  const Vec3* x_prev;  // xⁿ, the start of the substep
  const Real* w;
  const Real* radius;
  ContactMultipliers* lambda;
  Real h;  // Δt_s [s]
};

struct DetectGroundContacts {
  ContactDetectArgs a;
  GroundPlane ground;
  SIM_HD void operator()(int i) const {
    const Real lowest = fmin(a.x[i].y, predict_position(a.x[i], a.v[i], a.gravity, a.dt).y);
    a.active[i] = a.w[i] != 0.0 && lowest - a.radius[i] - ground.height < ground.margin ? 1 : 0;
  }
};

struct ProjectGroundContacts {
  ContactProjectArgs a;
  GroundPlane ground;
  SIM_HD void operator()(int i) const {
    if (a.active[i]) project_ground_contact(ground, a.x[i], a.x_prev[i], a.w[i], a.radius[i], a.h, a.lambda[i]);
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
    // φ is 1-Lipschitz, so a path of length |x̃ − x| that starts farther than that from the surface
    // cannot reach it: the swept test misses no thin feature the particle could cross this frame.
    const Vec3 predicted = predict_position(a.x[i], a.v[i], a.gravity, a.dt);
    const Real gap = collider.sample(a.x[i]).phi - a.radius[i];
    a.active[i] = gap < length(predicted - a.x[i]) + collider.margin ? 1 : 0;
  }
};

// Once per substep, after Predict: Eq. 10's allowance max(d₀ − v_max Δt_s, 0) from the overlap d₀ at
// xⁿ, which no iteration changes.
struct ColliderContactAllowance {
  const unsigned char* active;
  const Vec3* x_prev;
  const Real* radius;
  SdfCollider collider;
  Real h;           // Δt_s [s]
  Real* allowance;  // [m]
  SIM_HD void operator()(int i) const {
    if (active[i])
      allowance[i] = depenetration_allowance(collider.sample(x_prev[i]).phi - radius[i],
                                             collider.material.max_depenetration_speed, h);
  }
};

// Below this |∇φ| the interpolant's gradient is no direction to push along (a true SDF has 1).
constexpr Real kMinContactGradient = 0.25;

// C = φ(x) − r + allowance at the current x, with ∇C = ∇φ: the normal follows the surface as the particle
// slides (the "function of the system coordinates" case of §4.3). The trilinear field's |∇φ| is not 1
// (it drops near high curvature and the medial axis), so the step is Newton's on C, not a move by C:
// Δλ = −C / (w |∇φ|²), Δx = w Δλ ∇φ, i.e. C/|∇φ| along n = ∇φ/|∇φ| (project_particle_contact takes
// that unit-normal form, so λ stays a force along n for friction). Where |∇φ| vanishes, the one-cell central
// difference gives the direction; where that vanishes too, the particle goes back along its motion this
// substep (or up), by C.
struct ProjectColliderContacts {
  ContactProjectArgs a;
  SdfCollider collider;
  const Real* allowance;  // from ColliderContactAllowance [m]
  SIM_HD void operator()(int i) const {
    if (!a.active[i]) return;
    const SdfSample s = collider.sample(a.x[i]);
    const Real C = s.phi - a.radius[i] + allowance[i];
    Vec3 grad = s.grad;
    if (length(grad) < kMinContactGradient) {
      if (C >= 0.0) return;  // clear of the surface: nothing to push, no normal for friction
      grad = collider.cell_gradient(a.x[i]);
      if (length(grad) < kMinContactGradient) grad = normalized_or(a.x_prev[i] - a.x[i], {0.0, 1.0, 0.0});
    }
    const Real grad_len = length(grad);
    project_particle_contact(C / grad_len, (1.0 / grad_len) * grad, a.x[i], a.x_prev[i], a.w[i],
                             collider.material, a.lambda[i]);
  }
};

}  // namespace sim
