// Axis-aligned box: the scene bounds whose leaving counts as divergence.
#pragma once

#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

struct Aabb {
  Vec3 lo, hi;  // [m]
  SIM_HD bool contains(Vec3 p) const {
    return p.x >= lo.x && p.y >= lo.y && p.z >= lo.z && p.x <= hi.x && p.y <= hi.y && p.z <= hi.z;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
