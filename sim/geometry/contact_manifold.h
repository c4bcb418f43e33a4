// What the narrow phase (geometry/narrow_phase.h) gives: a rigid shape where it is, and a contact manifold
// of up to four points, each a point on either surface and their separation along one normal (negative:
// penetration), for the contact constraints of Small Steps Eq. 9, C = nᵀ(a − b) ≥ 0.
#pragma once

#include <cmath>

#include "core/quat.h"
#include "geometry/body_shape.h"

namespace sim {
inline namespace SIM_PRECISION {

// A shape where it is: sim::BodyArrays' shape and size at a pose.
struct PlacedShape {
  BodyShape shape;
  Vec3 size;  // box: half extents; capsule: (radius, half length along body y, 0); sphere: (radius, 0, 0) [m]
  Vec3 x;     // centre [m]
  Quat q;     // body → world
};

inline constexpr int kMaxManifold = 4;

// normal: unit, from a towards b (a's outward normal at the contact). Point k: on_a[k] on a's surface,
// on_b[k] on b's, separation[k] = nᵀ(on_b − on_a) [m], negative where they overlap.
struct Manifold {
  Vec3 normal{0.0, 1.0, 0.0};
  int count = 0;
  Vec3 on_a[kMaxManifold];
  Vec3 on_b[kMaxManifold];
  Real separation[kMaxManifold];

  // Adds a point if its separation is within the margin and there is room.
  SIM_HD void add(Vec3 a, Vec3 b, Real margin) {
    const Real s = dot(b - a, normal);
    if (s > margin || count >= kMaxManifold) return;
    on_a[count] = a;
    on_b[count] = b;
    separation[count] = s;
    ++count;
  }
  SIM_HD Real deepest() const {
    Real d = 1e300;
    for (int k = 0; k < count; ++k) d = min_number(d, separation[k]);
    return d;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
