// A static collider given by a signed distance field in its own frame, placed in the world by a uniform
// scale and a translation: x_world = position + scale·x_local, so φ_world(x) = scale·φ_local(x_local)
// and ∇φ keeps its direction. Particles touch it through C = φ(x) − r ≥ 0 (Small Steps §4.3).
#pragma once

#include "collide/sdf_grid.h"
#include "constraints/particle_contact.h"

namespace sim {

struct SdfCollider {
  bool enabled = false;
  SdfGridView sdf;     // φ in the collider's frame; phi points at host or device values
  Vec3 position{};     // the collider frame's origin in the world [m]
  Real scale = 1.0;    // world length per collider-frame length [-]
  Real margin = 0.01;  // contact-detection margin beyond the predicted position [m]
  ContactMaterial material;

  SIM_HD SdfSample sample(Vec3 x) const {
    SdfSample s = sample_sdf(sdf, (1.0 / scale) * (x - position));
    s.phi *= scale;
    return s;
  }
};

}  // namespace sim
