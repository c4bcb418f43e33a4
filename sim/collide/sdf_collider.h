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

  // ∇φ by central differences over one grid cell: a smoothed gradient for where the interpolant's own
  // vanishes (on the medial axis of a thin part, or inside a cell whose corners agree).
  SIM_HD Vec3 cell_gradient(Vec3 x) const {
    const Real d = sdf.cell * scale;
    const auto diff = [&](Vec3 e) { return (sample(x + d * e).phi - sample(x - d * e).phi) / (2.0 * d); };
    return {diff({1.0, 0.0, 0.0}), diff({0.0, 1.0, 0.0}), diff({0.0, 0.0, 1.0})};
  }
};

}  // namespace sim
