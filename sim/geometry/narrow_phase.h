// Narrow phase between rigid shapes (geometry/body_shape.h) and against a plane: a contact
// manifold of up to four points, each a point on either surface and their separation along one normal
// (negative: penetration), for the contact constraints of Small Steps Eq. 9, C = nᵀ(a − b) ≥ 0, and the
// rigid-contact scheme of Müller et al. 2020 §3.5. Spheres and capsules are segments with a radius (a
// sphere's segment has no length): their pairs reduce to closest points between segments (Ericson 2004,
// "Real-Time Collision Detection", §5.1.9), with two points where a capsule lies along another or on a
// box face. Box-box is the separating-axis test over the 15 axes (§4.4.1) with the incident face
// clipped against the reference face's sides (Sutherland-Hodgman) where a face axis separates least, the
// closest points of the two edges where an edge pair does. Written once for host and device.
#pragma once

#include "geometry/box_contacts.h"
#include "geometry/contact_manifold.h"
#include "geometry/segment_contacts.h"

namespace sim {
inline namespace SIM_PRECISION {

// A shape (b) against the plane nᵀx = h (a, below it): the sphere's point, a capsule's two ends, a box's
// corners within the margin (the four deepest).
SIM_HD Manifold collide_plane(Vec3 n, Real h, const PlacedShape& b, Real margin) {
  Manifold m;
  m.normal = n;
  if (b.shape != BodyShape::Box) {
    const Segment seg = segment_of(b);
    const Vec3 ends[2] = {seg.p0, seg.p1};
    for (const Vec3 p : ends) {
      const Vec3 on_b = p - seg.radius * n;
      m.add(on_b - (dot(n, on_b) - h) * n, on_b, margin);
      if (b.shape == BodyShape::Sphere) break;
    }
    return m;
  }
  Real depth[8];
  for (int k = 0; k < 8; ++k) depth[k] = dot(n, box_corner(b, k)) - h;
  for (int c = 0; c < kMaxManifold; ++c) {  // the deepest four, deepest first
    int pick = -1;
    for (int k = 0; k < 8; ++k)
      if (depth[k] <= margin && (pick < 0 || depth[k] < depth[pick])) pick = k;
    if (pick < 0) break;
    const Vec3 p = box_corner(b, pick);
    m.add(p - depth[pick] * n, p, margin);
    depth[pick] = 1e300;
  }
  return m;
}

// Any pair of shapes: the manifold's normal from a to b.
SIM_HD Manifold collide(const PlacedShape& a, const PlacedShape& b, Real margin) {
  const bool box_a = a.shape == BodyShape::Box, box_b = b.shape == BodyShape::Box;
  if (box_a && box_b) return collide_boxes(a, b, margin);
  if (!box_a && !box_b) return collide_segments(segment_of(a), segment_of(b), margin);
  if (box_a) return collide_box_segment(a, segment_of(b), margin);
  Manifold m = collide_box_segment(b, segment_of(a), margin);  // b's normal flipped, a and b swapped
  m.normal = -1.0 * m.normal;
  for (int k = 0; k < m.count; ++k) {
    const Vec3 t = m.on_a[k];
    m.on_a[k] = m.on_b[k];
    m.on_b[k] = t;
  }
  return m;
}

}  // namespace SIM_PRECISION
}  // namespace sim
