// Narrow phase between rigid shapes (constraints/rigid_body.h, BodyShape) and against a plane: a contact
// manifold of up to four points, each a point on either surface and their separation along one normal
// (negative: penetration), for the contact constraints of Small Steps Eq. 9, C = nᵀ(a − b) ≥ 0, and the
// rigid-contact scheme of Müller et al. 2020 §3.5. Spheres and capsules are segments with a radius (a
// sphere's segment has no length): their pairs reduce to closest points between segments (Ericson 2004,
// "Real-Time Collision Detection", §5.1.9), with two points where a capsule lies along another or on a
// box face. Box-box is the separating-axis test over the 15 axes (§4.4.1) with the incident face
// clipped against the reference face's sides (Sutherland-Hodgman) where a face axis separates least, the
// closest points of the two edges where an edge pair does. Written once for host and device.
#pragma once

#include <cmath>

#include "core/quat.h"
#include "geometry/body_shape.h"

namespace sim {

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

// A sphere or capsule as its core segment p0 → p1 (world) and radius.
struct Segment {
  Vec3 p0, p1;
  Real radius;
};

SIM_HD Segment segment_of(const PlacedShape& s) {
  const Vec3 axis = rotate(s.q, Vec3{0.0, s.shape == BodyShape::Capsule ? s.size.y : 0.0, 0.0});
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
    t = min_number(max_number(f / e, 0.0), 1.0);
    return;
  }
  const Real c = dot(d1, r);
  if (e <= eps) {
    t = 0.0;
    s = min_number(max_number(-c / a, 0.0), 1.0);
    return;
  }
  const Real b = dot(d1, d2), denom = a * e - b * b;
  s = denom > eps * a * e ? min_number(max_number((b * f - c * e) / denom, 0.0), 1.0) : 0.0;
  t = (b * s + f) / e;
  if (t < 0.0) {
    t = 0.0;
    s = min_number(max_number(-c / a, 0.0), 1.0);
  } else if (t > 1.0) {
    t = 1.0;
    s = min_number(max_number((b - c) / a, 0.0), 1.0);
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
  const bool parallel = la > 0.0 && lb > 0.0 && length(cross(da, db)) < 1e-3 * la * lb;
  if (!parallel) {
    add_sphere_pair(m, ca, a.radius, cb, b.radius, margin, true);
    return m;
  }
  m.normal = normalized_or(cb - ca, Vec3{0.0, 1.0, 0.0});
  // b's ends projected onto a's segment and clipped to it: the overlap of the two, both its ends
  const Vec3 ua = (1.0 / la) * da;
  const Real t0 = min_number(max_number(dot(b.p0 - a.p0, ua), 0.0), la),
             t1 = min_number(max_number(dot(b.p1 - a.p0, ua), 0.0), la);
  const Real ends[2] = {t0, t1};
  for (const Real ta : ends) {
    const Vec3 pa = a.p0 + ta * ua;
    const Real tb = min_number(max_number(dot(pa - b.p0, db) / (lb * lb), 0.0), 1.0);
    add_sphere_pair(m, pa, a.radius, b.p0 + tb * db, b.radius, margin, false);
    if (fabs(t1 - t0) < 1e-9 * la) break;  // the overlap is a point
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
  const Real gap[3] = {h.x - fabs(l.x), h.y - fabs(l.y), h.z - fabs(l.z)};
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

// A segment's point nearest a box, as t ∈ [0, 1]: the distance from the box is convex along the segment,
// so a golden-section search finds its least (somewhere inside the box where the segment enters it).
SIM_HD Real segment_point_nearest_box(const Segment& seg, Vec3 h, Vec3 x, Quat q) {
  const Vec3 d = seg.p1 - seg.p0;
  if (dot(d, d) <= 0.0) return 0.0;
  const auto distance_sq = [&](Real t) {
    Vec3 n;
    bool inside;
    const Vec3 p = seg.p0 + t * d;
    return length_squared(p - closest_on_box(h, x, q, p, n, inside));
  };
  const Real phi = 0.6180339887498949;
  Real lo = 0.0, hi = 1.0, a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
  Real fa = distance_sq(a), fb = distance_sq(b);
  for (int it = 0; it < 48; ++it) {  // 0.618^48 ≈ 1e-10 of the segment
    if (fa <= fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - phi * (hi - lo);
      fa = distance_sq(a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + phi * (hi - lo);
      fb = distance_sq(b);
    }
  }
  const Real t = 0.5 * (lo + hi);
  const Real f0 = distance_sq(0.0), f1 = distance_sq(1.0), ft = distance_sq(t);
  return f0 <= ft && f0 <= f1 ? 0.0 : f1 <= ft ? 1.0 : t;
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
    if (len < 1e-9) return;
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
  // a face normal: the segment clipped to the face's slab, both ends against the face
  int face = -1;
  for (int k = 0; k < 3; ++k)
    if (fabs(dot(m.normal, f.axis[k])) > 1.0 - 1e-9) face = k;
  if (face >= 0 && length(d) > 0.0) {
    Real t0 = 0.0, t1 = 1.0;
    for (int j = 0; j < 3; ++j) {
      if (j == face) continue;
      const Real o = dot(f.axis[j], seg.p0 - box.x), v = dot(f.axis[j], d);
      if (fabs(v) < 1e-300) {
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
        if (t1 - t0 < 1e-9) break;
      }
      if (m.count > 0 && m.deepest() <= best + 1e-12) return m;
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
  m.add(fabs(dot(m.normal, on_box) - top) < 1e-9 ? on_box : on_plane, on_b, margin);
  return m;
}

// Box-box: the separating axis of least overlap among the 6 face normals and 9 edge cross products (an edge
// axis must beat the faces by a little, so resting faces keep face contacts); a face axis gives the incident
// face of the other box clipped to the reference face's sides, points at most `margin` above it; an edge axis
// the closest points of the two edges.
SIM_HD Manifold collide_boxes(const PlacedShape& a, const PlacedShape& b, Real margin) {
  Manifold m;
  const BoxFrame fa = box_frame(a), fb = box_frame(b);
  const Vec3 d = b.x - a.x;
  Real best = -1e300;  // the largest separation along an axis (overlap: negative)
  int best_axis = -1;
  Vec3 best_n{0.0, 1.0, 0.0};
  for (int k = 0; k < 15; ++k) {
    Vec3 n;
    if (k < 3) {
      n = fa.axis[k];
    } else if (k < 6) {
      n = fb.axis[k - 3];
    } else {
      n = cross(fa.axis[(k - 6) / 3], fb.axis[(k - 6) % 3]);
      const Real len = length(n);
      if (len < 1e-6) continue;  // parallel edges: the face axes cover them
      n = (1.0 / len) * n;
    }
    if (dot(n, d) < 0.0) n = -1.0 * n;  // from a towards b
    const Real sep = dot(n, d) - box_reach(fa, n) - box_reach(fb, n);
    const Real bias = k < 6 ? 0.0 : 1e-4 * (box_reach(fa, n) + box_reach(fb, n));  // prefer faces on ties
    if (sep - bias > best) {
      best = sep - bias;
      best_axis = k;
      best_n = n;
    }
  }
  if (best_axis < 0 || best > margin) return m;
  m.normal = best_n;
  if (best_axis >= 6) {  // edge-edge: the edges of a and b most in the way along n
    const int ia = (best_axis - 6) / 3, ib = (best_axis - 6) % 3;
    Vec3 ca = a.x, cb = b.x;
    for (int k = 0; k < 3; ++k) {
      if (k != ia) ca += (dot(fa.axis[k], best_n) > 0.0 ? fa.half[k] : -fa.half[k]) * fa.axis[k];
      if (k != ib) cb += (dot(fb.axis[k], best_n) > 0.0 ? -fb.half[k] : fb.half[k]) * fb.axis[k];
    }
    const Vec3 ea = fa.half[ia] * fa.axis[ia], eb = fb.half[ib] * fb.axis[ib];
    Real s, t;
    closest_on_segments(ca - ea, ca + ea, cb - eb, cb + eb, s, t);
    m.add(ca - ea + (2.0 * s) * ea, cb - eb + (2.0 * t) * eb, margin);
    return m;
  }
  // face-face: the reference face is on the box whose axis it is, the incident face the other box's face most
  // against n; the manifold's normal stays from a to b
  const bool ref_is_a = best_axis < 3;
  const BoxFrame& fr = ref_is_a ? fa : fb;
  const BoxFrame& fi = ref_is_a ? fb : fa;
  const PlacedShape& ref = ref_is_a ? a : b;
  const PlacedShape& inc = ref_is_a ? b : a;
  const Vec3 rn = ref_is_a ? best_n : -1.0 * best_n;  // out of the reference face, towards the other box
  const int rk = ref_is_a ? best_axis : best_axis - 3;
  // incident face: the other box's axis most anti-parallel to rn
  int ik = 0;
  Real most = 0.0;
  for (int k = 0; k < 3; ++k)
    if (fabs(dot(fi.axis[k], rn)) > most) {
      most = fabs(dot(fi.axis[k], rn));
      ik = k;
    }
  const Vec3 in_n = dot(fi.axis[ik], rn) > 0.0 ? -1.0 * fi.axis[ik] : fi.axis[ik];
  const Vec3 centre = inc.x + fi.half[ik] * in_n;
  const int u = (ik + 1) % 3, v = (ik + 2) % 3;
  Vec3 poly[8];
  int count = 4;
  const Real su[4] = {-1.0, 1.0, 1.0, -1.0}, sv[4] = {-1.0, -1.0, 1.0, 1.0};
  for (int k = 0; k < 4; ++k)
    poly[k] = centre + (su[k] * fi.half[u]) * fi.axis[u] + (sv[k] * fi.half[v]) * fi.axis[v];
  // clip against the reference face's four side planes
  const Vec3 ref_centre = ref.x + fr.half[rk] * rn;
  for (int side = 0; side < 4; ++side) {
    const int k = (rk + 1 + side / 2) % 3;
    const Vec3 pn = (side % 2 ? -1.0 : 1.0) * fr.axis[k];
    const Real limit = dot(pn, ref.x) + fr.half[k];
    Vec3 out[8];
    int n_out = 0;
    for (int i = 0; i < count; ++i) {
      const Vec3 p = poly[i], q = poly[(i + 1) % count];
      const Real dp = dot(pn, p) - limit, dq = dot(pn, q) - limit;
      if (dp <= 0.0 && n_out < 8) out[n_out++] = p;
      if ((dp < 0.0) != (dq < 0.0) && n_out < 8) out[n_out++] = p + (dp / (dp - dq)) * (q - p);
    }
    count = n_out;
    for (int i = 0; i < count; ++i) poly[i] = out[i];
    if (count == 0) break;
  }
  // keep the points within the margin above the reference face, at most four: the deepest and those
  // farthest from it and from each other (a quadrilateral stays whole)
  Real depth[8];
  int keep[8];
  int kept = 0;
  for (int i = 0; i < count; ++i) {
    depth[i] = dot(poly[i] - ref_centre, rn);
    if (depth[i] <= margin) keep[kept++] = i;
  }
  int chosen[kMaxManifold];
  int n_chosen = 0;
  if (kept <= kMaxManifold) {
    for (int i = 0; i < kept; ++i) chosen[n_chosen++] = keep[i];
  } else {
    int first = keep[0];
    for (int i = 1; i < kept; ++i)
      if (depth[keep[i]] < depth[first]) first = keep[i];
    chosen[n_chosen++] = first;
    while (n_chosen < kMaxManifold) {  // the point farthest from those chosen
      int far = -1;
      Real far_d = -1.0;
      for (int i = 0; i < kept; ++i) {
        Real nearest = 1e300;
        for (int c = 0; c < n_chosen; ++c)
          nearest = min_number(nearest, length_squared(poly[keep[i]] - poly[chosen[c]]));
        if (nearest > far_d) {
          far_d = nearest;
          far = keep[i];
        }
      }
      chosen[n_chosen++] = far;
    }
  }
  for (int c = 0; c < n_chosen; ++c) {
    const Vec3 p = poly[chosen[c]];                 // on the incident face
    const Vec3 on_ref = p - depth[chosen[c]] * rn;  // its projection on the reference face
    if (ref_is_a)
      m.add(on_ref, p, margin);
    else
      m.add(p, on_ref, margin);
  }
  return m;
}

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

}  // namespace sim
