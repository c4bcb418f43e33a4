// Box-box contact: the separating-axis test over the 15 axes (Ericson 2004, §4.4.1) with the incident face
// clipped against the reference face's sides (Sutherland-Hodgman) where a face axis separates least, the
// closest points of the two edges where an edge pair does.
#pragma once

#include "geometry/segment_contacts.h"

namespace sim {
inline namespace SIM_PRECISION {

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
      if (len < Real(1e-6)) continue;  // parallel edges: the face axes cover them
      n = (1.0 / len) * n;
    }
    if (dot(n, d) < 0.0) n = -1.0 * n;  // from a towards b
    const Real sep = dot(n, d) - box_reach(fa, n) - box_reach(fb, n);
    const Real bias = k < 6 ? Real(0) : Real(1e-4) * (box_reach(fa, n) + box_reach(fb, n));  // prefer faces on ties
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

}  // namespace SIM_PRECISION
}  // namespace sim
