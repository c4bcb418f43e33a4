// The rigid family's drawing (draw/draw_arrays.h): an instance per body, written with its share of the
// bounds, and a point per joint; run by its stages' draw hook (families/rigid/rigid_stages.h).
#pragma once

#include "core/position.h"
#include "draw/draw_arrays.h"
#include "families/rigid/rigid_data.h"

namespace sim {
inline namespace SIM_PRECISION {

// Rigid body b's drawn instance (DrawArrays::instance), and its share of DrawSums: its bounds, a sphere of
// radius size.x + size.y + size.z around its centre (over any box, capsule or sphere of that size), and its
// speed under DrawQuantity::Speed (other quantities have no meaning for a rigid body: 0).
struct WriteDrawBody {
  const Position* x;
  const Quat* q;
  const Vec3* v;
  const Vec3* size;
  DrawQuantity quantity;
  float* out;
  SIM_HD DrawSums operator()(int b) const {
    const Vec3 c = x[b];
    const Quat r = q[b];
    const double value = quantity == DrawQuantity::Speed ? double(length(v[b])) : 0.0;
    float* o = out + 8 * b;
    o[0] = float(c.x);
    o[1] = float(c.y);
    o[2] = float(c.z);
    o[3] = float(value);
    o[4] = float(r.x);
    o[5] = float(r.y);
    o[6] = float(r.z);
    o[7] = float(r.w);
    const Real reach = size[b].x + size[b].y + size[b].z;
    const Vec3 pad{reach, reach, reach};
    return {c - pad, c + pad, value};
  }
};

// Joint j's drawn point (DrawArrays::point): where its end a's anchor is.
struct WriteDrawJoint {
  EndPoses pose;
  const Int2* ends;
  const Vec3* anchor_a;
  float* out;
  SIM_HD void operator()(int j) const {
    const Vec3 p = anchor_world(pose(ends[j].a), anchor_a[j]);
    out[3 * j] = float(p.x);
    out[3 * j + 1] = float(p.y);
    out[3 * j + 2] = float(p.z);
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
