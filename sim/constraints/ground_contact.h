// Particle contact with the ground plane y = height: the gap is y − (height + r), the normal (0, 1, 0),
// projected by the shared particle contact of particle_contact.h (Small Steps Eqs. 9-12).
#pragma once

#include "constraints/particle_contact.h"

namespace sim {

struct GroundPlane {
  bool enabled = false;
  Real height = 0.0;  // [m]
  Real margin = 0.01;  // contact-detection margin beyond the predicted position [m]
  ContactMaterial material;
};

// C_n of Eq. 10 for a particle of radius r at x, with x_n its position at the start of the substep.
SIM_HD Real ground_normal_C(const GroundPlane& g, Vec3 x, Vec3 x_n, Real r, Real h) {
  return x.y - (g.height + r) + depenetration_allowance(x_n.y - (g.height + r), g.material.max_depenetration_speed, h);
}

SIM_HD void project_ground_contact(const GroundPlane& g, Vec3& x, Vec3 x_n, Real w, Real r, Real h,
                                   ContactMultipliers& lambda) {
  project_particle_contact(ground_normal_C(g, x, x_n, r, h), {0.0, 1.0, 0.0}, x, x_n, w, g.material, lambda);
}

}  // namespace sim
