// Contacts of segment-swept spheres (spheres and capsules: a sphere's segment has no length), with each
// other and with boxes: closest points between segments (Ericson 2004, "Real-Time Collision Detection",
// §5.1.9), with two points where a capsule lies along another or on a box face; the separating axis of
// least overlap against a box.
#pragma once

#include "geometry/contact_manifold.h"

namespace sim {
inline namespace SIM_PRECISION {

// A sphere or capsule as its core segment p0 → p1 (world) and radius.
struct Segment {
  Vec3 p0, p1;
  Real radius;
};

SIM_HD Segment segment_of(const PlacedShape& s) {
  const Vec3 axis = rotate(s.q, Vec3{0.0, s.shape == BodyShape::Capsule ? s.size.y : Real(0), 0.0});
  return {s.x - axis, s.x + axis, s.size.x};
}

// The parameters s, t ∈ [0, 1] of the closest points p0 + s (p1 − p0) and q0 + t (q1 − q0) of two segments
// (Ericson §5.1.9, degenerate segments included).
SIM_HD void closest_on_segments(Vec3 p0, Vec3 p1, Vec3 q0, Vec3 q1, Real& s, Real& t) {
  const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const Real a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
  const Real eps = 1e-24;
  if (a <= eps && e <= eps) {
    s = t = 0.0;
    return;
  }
  if (a <= eps) {
    s = 0.0;
    t = min_number(max_number(f / e, Real(0)), Real(1));
    return;
  }
  const Real c = dot(d1, r);
  if (e <= eps) {
    t = 0.0;
    s = min_number(max_number(-c / a, Real(0)), Real(1));
    return;
  }
  const Real b = dot(d1, d2), denom = a * e - b * b;
  s = denom > eps * a * e ? min_number(max_number((b * f - c * e) / denom, Real(0)), Real(1)) : 0.0;
  t = (b * s + f) / e;
  if (t < 0.0) {
    t = 0.0;
    s = min_number(max_number(-c / a, Real(0)), Real(1));
  } else if (t > 1.0) {
    t = 1.0;
    s = min_number(max_number((b - c) / a, Real(0)), Real(1));
  }
}

// The contact of two spheres of radii ra, rb at pa, pb: normal along pb − pa (any, if they coincide).
SIM_HD void add_sphere_pair(Manifold& m, Vec3 pa, Real ra, Vec3 pb, Real rb, Real margin, bool set_normal) {
  if (set_normal) m.normal = normalized_or(pb - pa, m.normal);
  m.add(pa + ra * m.normal, pb - rb * m.normal, margin);
}

// Segment-swept spheres (sphere-sphere, sphere-capsule, capsule-capsule): the closest points, and where
// the segments run side by side the ends of their overlap too, so a capsule lying on another does not roll.
SIM_HD Manifold collide_segments(const Segment& a, const Segment& b, Real margin) {
  Manifold m;
  Real s, t;
  closest_on_segments(a.p0, a.p1, b.p0, b.p1, s, t);
  const Vec3 da = a.p1 - a.p0, db = b.p1 - b.p0;
  const Vec3 ca = a.p0 + s * da, cb = b.p0 + t * db;
  const Real la = length(da), lb = length(db);
  const bool parallel = la > 0 && lb > 0 && length(cross(da, db)) < Real(1e-3) * la * lb;
  if (!parallel) {
    add_sphere_pair(m, ca, a.radius, cb, b.radius, margin, true);
    return m;
  }
  m.normal = normalized_or(cb - ca, Vec3{0.0, 1.0, 0.0});
  // b's ends projected onto a's segment and clipped to it: the overlap of the two, both its ends
  const Vec3 ua = (1.0 / la) * da;
  const Real t0 = min_number(max_number(dot(b.p0 - a.p0, ua), Real(0)), la),
             t1 = min_number(max_number(dot(b.p1 - a.p0, ua), Real(0)), la);
  const Real ends[2] = {t0, t1};
  for (const Real ta : ends) {
    const Vec3 pa = a.p0 + ta * ua;
    const Real tb = min_number(max_number(dot(pa - b.p0, db) / (lb * lb), Real(0)), Real(1));
    add_sphere_pair(m, pa, a.radius, b.p0 + tb * db, b.radius, margin, false);
    if (fabs(t1 - t0) < resolvable(1e-9) * la) break;  // the overlap is a point
  }
  return m;
}

// The point of the box (half extents h, pose x, q) nearest p, and the outward normal there: from the nearest
// face when p is inside (the deepest way out).
SIM_HD Vec3 closest_on_box(Vec3 h, Vec3 x, Quat q, Vec3 p, Vec3& normal, bool& inside) {
  const Vec3 l = rotate_inverse(q, p - x);
  const Vec3 c{min_number(max_number(l.x, -h.x), h.x), min_number(max_number(l.y, -h.y), h.y),
               min_number(max_number(l.z, -h.z), h.z)};
  inside = c.x == l.x && c.y == l.y && c.z == l.z;
  if (!inside) {
    normal = rotate(q, normalized_or(l - c, Vec3{0.0, 1.0, 0.0}));
    return x + rotate(q, c);
  }
  const Real gap[3] = {h.x - std::fabs(l.x), h.y - std::fabs(l.y), h.z - std::fabs(l.z)};
  const int k = gap[0] <= gap[1] && gap[0] <= gap[2] ? 0 : gap[1] <= gap[2] ? 1 : 2;
  Vec3 n{0.0, 0.0, 0.0}, face = l;
  const Real sign = (k == 0 ? l.x : k == 1 ? l.y : l.z) >= 0.0 ? 1.0 : -1.0;
  if (k == 0) {
    n.x = sign;
    face.x = sign * h.x;
  } else if (k == 1) {
    n.y = sign;
    face.y = sign * h.y;
  } else {
    n.z = sign;
    face.z = sign * h.z;
  }
  normal = rotate(q, n);
  return x + rotate(q, face);
}

// A segment's point nearest a box, as t ∈ [0, 1]: ½|p(t) − c(p(t))|², c the box's point nearest p, is convex
// along the segment with slope d·(p − c) (c's own motion is normal to p − c), so bisection on the slope's
// sign finds its least (where the segment enters the box, if it does). Bisecting on the sign keeps t to the
// last digit; a search on the distance itself stops where the distance is flat to rounding, at √ε of the
// segment (2e-4 in float, which tilted the normal through the segment's nearest point by 4e-4 rad).
SIM_HD Real segment_point_nearest_box(const Segment& seg, Vec3 h, Vec3 x, Quat q) {
  const Vec3 d = seg.p1 - seg.p0;
  if (dot(d, d) <= 0.0) return 0.0;
  const auto slope = [&](Real t) {
    Vec3 n;
    bool inside;
    const Vec3 p = seg.p0 + t * d;
    return dot(d, p - closest_on_box(h, x, q, p, n, inside));
  };
  if (slope(0.0) >= 0.0) return 0.0;
  if (slope(1.0) <= 0.0) return 1.0;
  Real lo = 0.0, hi = 1.0;
  for (int it = 0; it < 48; ++it) {  // 2^-48 ≈ 4e-15 of the segment, or a float's last digit
    const Real mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;  // lo and hi adjacent (a float's ~24 halvings): nothing left to halve
    if (slope(mid) < 0.0)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

// The box's corner k (bits x, y, z: − or +) in the world.
SIM_HD Vec3 box_corner(const PlacedShape& b, int k) {
  return b.x + rotate(b.q, Vec3{(k & 1) ? b.size.x : -b.size.x, (k & 2) ? b.size.y : -b.size.y,
                                (k & 4) ? b.size.z : -b.size.z});
}

// A box's axes in the world and its half extents along them.
struct BoxFrame {
  Vec3 axis[3];
  Real half[3];
};
SIM_HD BoxFrame box_frame(const PlacedShape& b) {
  return {{rotate(b.q, {1.0, 0.0, 0.0}), rotate(b.q, {0.0, 1.0, 0.0}), rotate(b.q, {0.0, 0.0, 1.0})},
          {b.size.x, b.size.y, b.size.z}};
}

// Half the box's extent along unit n.
SIM_HD Real box_reach(const BoxFrame& f, Vec3 n) {
  return f.half[0] * fabs(dot(f.axis[0], n)) + f.half[1] * fabs(dot(f.axis[1], n)) +
         f.half[2] * fabs(dot(f.axis[2], n));
}

// The separation along unit `axis` (turned to point from the box to the segment) of a segment-swept sphere
// from a box: the segment's lowest point less its radius, above the box's highest [m].
SIM_HD Real segment_box_separation(const BoxFrame& f, Vec3 box_x, const Segment& seg, Vec3& axis) {
  if (dot(axis, 0.5 * (seg.p0 + seg.p1) - box_x) < 0.0) axis = -1.0 * axis;
  const Real low = min_number(dot(axis, seg.p0 - box_x), dot(axis, seg.p1 - box_x)) - seg.radius;
  return low - box_reach(f, axis);
}

// A segment-swept sphere (sphere or capsule, b) against a box (a): the separating axis of least overlap
// among the box's face normals, the segment's cross products with the box's axes and, where the core segment
// stays outside the box, the direction between the segment's point nearest the box and the box's point
// nearest that one (which covers the rounded edges and caps). The points: that nearest pair and the
// segment's ends, each against the box's support plane along the normal, where within the margin (a capsule
// lying on a face touches at both ends).
// How far a normal may turn from a box's face axis and still be that face's [rad]: sin θ = |n × axis|, which
// keeps its digits in float, where 1 − |n·axis| ≈ θ²/2 rounds to 0 or to an ulp (6e-8, as if θ were 3.5e-4)
// below θ ≈ 3.5e-4 rad. 4.5e-5 rad is what 1 − |n·axis| < 1e-9 allowed in double; the points set on the face
// plane then lie within 4.5e-5 of their lateral distance of the face (14 µm at 0.3 m).
inline constexpr Real kFaceAngle = 4.5e-5;

SIM_HD Manifold collide_box_segment(const PlacedShape& box, const Segment& seg, Real margin) {
  Manifold m;
  const BoxFrame f = box_frame(box);
  const Vec3 d = seg.p1 - seg.p0;
  const Real t_near = segment_point_nearest_box(seg, box.size, box.x, box.q);
  const Vec3 near = seg.p0 + t_near * d;
  Vec3 face_n;
  bool inside;
  const Vec3 c = closest_on_box(box.size, box.x, box.q, near, face_n, inside);
  Real best = -1e300;
  const auto consider = [&](Vec3 axis) {
    const Real len = length(axis);
    if (len < resolvable(1e-9) * (1 + length(d))) return;  // a cross product of parallel axes
    axis = (1.0 / len) * axis;
    const Real sep = segment_box_separation(f, box.x, seg, axis);
    if (sep > best) {
      best = sep;
      m.normal = axis;
    }
  };
  if (!inside) consider(near - c);
  for (int k = 0; k < 3; ++k) {
    consider(f.axis[k]);
    consider(cross(d, f.axis[k]));
  }
  if (best > margin) return m;
  const Real top = dot(m.normal, box.x) + box_reach(f, m.normal);  // the box's support plane along n
  // a face normal (within kFaceAngle): the segment clipped to the face's slab, both ends against the face
  int face = -1;
  for (int k = 0; k < 3; ++k)
    if (length(cross(m.normal, f.axis[k])) < kFaceAngle) face = k;
  if (face >= 0 && length(d) > 0.0) {
    Real t0 = 0.0, t1 = 1.0;
    for (int j = 0; j < 3; ++j) {
      if (j == face) continue;
      const Real o = dot(f.axis[j], seg.p0 - box.x), v = dot(f.axis[j], d);
      if (fabs(v) < kTiny) {
        if (fabs(o) > f.half[j]) t1 = -1.0;  // beside the slab all along
        continue;
      }
      Real a = (-f.half[j] - o) / v, b = (f.half[j] - o) / v;
      if (a > b) {
        const Real tmp = a;
        a = b;
        b = tmp;
      }
      t0 = max_number(t0, a);
      t1 = min_number(t1, b);
    }
    if (t0 <= t1) {
      const Real ends[2] = {t0, t1};
      for (const Real t : ends) {
        const Vec3 on_b = seg.p0 + t * d - seg.radius * m.normal;
        m.add(on_b - (dot(m.normal, on_b) - top) * m.normal, on_b, margin);
        if (t1 - t0 < resolvable(1e-9)) break;
      }
      if (m.count > 0 && m.deepest() <= best + resolvable(1e-12)) return m;
      m.count = 0;  // the deepest part hangs past the face: the single deepest point below instead
    }
  }
  // otherwise one point: the segment's point nearest the box (its end deepest along n where it enters the
  // box), against the box's point below it on the support plane
  const Vec3 core = inside ? seg.p0 + (dot(m.normal, d) > 0.0 ? 0.0 : 1.0) * d : near;
  const Vec3 on_b = core - seg.radius * m.normal;
  const Vec3 on_plane = on_b - (dot(m.normal, on_b) - top) * m.normal;
  Vec3 n;
  bool in;
  const Vec3 on_box = closest_on_box(box.size, box.x, box.q, on_plane, n, in);  // on the supporting edge
  m.add(fabs(dot(m.normal, on_box) - top) < resolvable(1e-9) ? on_box : on_plane, on_b, margin);
  return m;
}

}  // namespace SIM_PRECISION
}  // namespace sim
