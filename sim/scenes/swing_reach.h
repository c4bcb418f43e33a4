// Where something hanging from a pivot can swing (a chain, a pendulum of links, a cloth pinned along an
// edge), for the camera to frame the motion, not only the start (Model::motion, issue 40 item 1). Released
// from rest at angle θ from the downward vertical, energy conservation keeps an inextensible pendulum of
// length L below y_pivot − L cos θ, and its reach sideways is L sin θ on either side (L past 90°); a chain
// may whip its free end further, inside the sphere of radius L, which the box also holds when θ ≥ 90°.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/aabb.h"

namespace sim {
inline namespace SIM_PRECISION {

// pivot [m]; length L [m]; angle θ [rad]; across: the unit horizontal direction of the swing plane.
inline Aabb swing_reach(Vec3 pivot, Real length, Real angle, Vec3 across) {
  const Real side = length * (angle < 0.5 * M_PI ? std::sin(angle) : 1.0);
  const Real top = pivot.y - length * std::min(std::cos(angle), Real(1.0));
  const Vec3 a = pivot + side * across, b = pivot - side * across;
  return {{std::min(a.x, b.x), pivot.y - length, std::min(a.z, b.z)},
          {std::max(a.x, b.x), std::max(top, pivot.y - length), std::max(a.z, b.z)}};
}

}  // namespace SIM_PRECISION
}  // namespace sim
