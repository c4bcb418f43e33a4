// The SDF collider family (Small Steps §4.2-4.4): particles, and cloth stretch edges at their midpoints,
// against the signed distance field of a static body (the bunny). Its data is the field φ at the grid
// nodes; its stages: families/collider_stages.h. Depths are measured per particle and per stretch edge
// (metrics/reduce_metrics.h, families/distance_family.h).
#pragma once

#include <tuple>

#include "families/family.h"

namespace sim {

struct ColliderFamily : NoMeasureTerm {
  template <template <class> class Array>
  struct ModelPart {
    Array<float> collider_phi;    // φ of the SDF collider at its grid nodes [m, collider frame]
    Array<float> collider_slope;  // a bound on |∇φ| per brick of its grid (collide/sdf_grid.h) [-]
    auto fields() { return std::tie(collider_phi, collider_slope); }
    auto fields() const { return std::tie(collider_phi, collider_slope); }
  };
  template <template <class> class Array>
  using StatePart = NoArrays<ColliderFamily>;
  template <class Exec>
  class Stages;
};

}  // namespace sim
