#include "scenes/body_scene.h"

namespace sim {

SurfaceMaterial set_up_body_scene(ModelBuilder& b, const ParamSet& p, Real size, Real friction) {
  b.set_gravity({0.0, -Real(p.get("gravity")), 0.0});
  const Real extent = 100.0 * size + 100.0;
  b.set_bounds({{-extent, -extent, -extent}, {extent, extent, extent}});
  GroundPlane ground;
  ground.enabled = true;
  ground.material.mu_static = ground.material.mu_dynamic = friction;
  b.set_ground(ground);
  return {friction, friction, 0.0};
}

}  // namespace sim
