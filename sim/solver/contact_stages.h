// Contact stages against the static surfaces, ground plane and SDF collider (Small Steps §4.2-4.4).
// Detection runs once per frame (Algorithm 1 line 1): each particle's position is predicted with the
// whole frame step and a contact is kept when the path comes within the margin of the surface; every
// substep then projects the kept contacts as inequalities with Eq. 10's depenetration limit and Eq. 12's
// friction. With per-substep detection the same stage runs at every substep with dt = Δt_s.
#pragma once

#include "collide/sdf_collider.h"
#include "constraints/ground_contact.h"

namespace sim {

struct DetectGroundContacts {
  const Vec3* x;
  const Vec3* v;
  const Real* w;
  const Real* radius;
  unsigned char* active;
  GroundPlane ground;
  Vec3 gravity;
  Real dt;  // prediction step: Δt_f, or Δt_s when detecting per substep [s]
  SIM_HD void operator()(int i) const {
    const Real lowest = fmin(x[i].y, predict_position(x[i], v[i], gravity, dt).y);
    active[i] = w[i] != 0.0 && lowest - radius[i] - ground.height < ground.margin ? 1 : 0;
  }
};

struct ProjectGroundContacts {
  const unsigned char* active;
  Vec3* x;
  const Vec3* x_prev;
  const Real* w;
  const Real* radius;
  ContactMultipliers* lambda;
  GroundPlane ground;
  Real h;
  SIM_HD void operator()(int i) const {
    if (active[i]) project_ground_contact(ground, x[i], x_prev[i], w[i], radius[i], h, lambda[i]);
  }
};

struct DetectColliderContacts {
  const Vec3* x;
  const Vec3* v;
  const Real* w;
  const Real* radius;
  unsigned char* active;
  SdfCollider collider;
  Vec3 gravity;
  Real dt;  // as in DetectGroundContacts [s]
  SIM_HD void operator()(int i) const {
    if (w[i] == 0.0) {
      active[i] = 0;
      return;
    }
    const Real nearest = fmin(collider.sample(x[i]).phi, collider.sample(predict_position(x[i], v[i], gravity, dt)).phi);
    active[i] = nearest - radius[i] < collider.margin ? 1 : 0;
  }
};

// C = φ(x) − r + max(d₀ − v_max Δt_s, 0) with n = ∇φ/|∇φ| at the current x: the contact normal follows
// the surface as the particle slides (the "function of the system coordinates" case of §4.3).
struct ProjectColliderContacts {
  const unsigned char* active;
  Vec3* x;
  const Vec3* x_prev;
  const Real* w;
  const Real* radius;
  ContactMultipliers* lambda;
  SdfCollider collider;
  Real h;
  SIM_HD void operator()(int i) const {
    if (!active[i]) return;
    const SdfSample s = collider.sample(x[i]);
    const Real grad_len = length(s.grad);
    if (grad_len <= 1e-12) return;
    const Real gap_start = collider.sample(x_prev[i]).phi - radius[i];
    const Real C =
        s.phi - radius[i] + depenetration_allowance(gap_start, collider.material.max_depenetration_speed, h);
    project_particle_contact(C, (1.0 / grad_len) * s.grad, x[i], x_prev[i], w[i], collider.material, lambda[i]);
  }
};

}  // namespace sim
