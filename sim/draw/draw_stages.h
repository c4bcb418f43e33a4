// What the viewer draws of a State, written by the backend that holds it, so that drawing needs no copy
// of the State (issue 11): float positions, area-weighted vertex normals of the surface triangles (each
// particle sums its triangles' face vectors through its triangle slots, model/incidence.h, in one fixed
// order; the shader normalises), and the coloured quantity. The arrays are wherever the backend writes:
// an OpenGL buffer mapped for CUDA, or host memory, both write-only. Each particle's write also returns
// its share of DrawSums, reduced in the same pass: the bounds for the camera and the shadow map, and the
// colour ramp's scale.
#pragma once

#include <cmath>

#include "constraints/distance.h"
#include "constraints/tet_elasticity.h"
#include "core/index.h"
#include "core/vec3.h"
#include "families/rigid_family.h"

namespace sim {

// The per-particle quantity mapped to the colour ramp. ConstraintError: the largest |C| of the particle's
// distance constraints [m] and |det F − 1| (volume error) of its tets [-]; Strain: the largest |C|/L of
// its distance constraints and Green strain |E|_F of its tets [-]. A fluid particle shows its density
// error max(ρ/ρ₀ − 1, 0) [-] under both.
enum class DrawQuantity { Flat, Speed, ConstraintError, Strain };

struct DrawArrays {
  float* position = nullptr;  // 3 per particle [m]
  float* normal = nullptr;    // 3 per particle: the sum of the incident triangles' face vectors [m²]
  float* value = nullptr;     // 1 per particle: the DrawQuantity
  float* body = nullptr;      // 8 per rigid body: centre [m], DrawQuantity, orientation (x, y, z, w)
  float* joint = nullptr;     // 3 per joint: its end a's anchor in the world [m]
};

struct DrawSums {
  Vec3 lo{HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi{-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};  // of the positions [m]
  double value_max = 0.0;
  SIM_HD static DrawSums combine(const DrawSums& a, const DrawSums& b) {
    return {min3(a.lo, b.lo), max3(a.hi, b.hi), max_number(a.value_max, b.value_max)};
  }
};

// Particle i's drawn vertex, written, and its share of DrawSums, returned (Exec::reduce calls it once per
// particle). Triangle and distance slots are model/incidence.h's; null triangle slots (a model with no
// surface) leave the normal zero.
struct WriteDrawVertex {
  const Vec3* x;
  const Vec3* v;
  const Int3* triangles;
  const int* triangle_offsets;
  const int* triangle_slots;
  const Int2* distance_particles;
  const Real* distance_rest_length;
  const int* distance_offsets;
  const int* distance_slots;
  const Int4* tet_particles;
  const Mat3* tet_inv_rest;
  const int* tet_offsets;
  const int* tet_slots;
  const Real* fluid_density;  // ρ/ρ₀ of fluid particle i − fluid_first [-]
  int fluid_first, fluid_count;
  DrawQuantity quantity;
  DrawArrays out;

  SIM_HD DrawSums operator()(int i) const {
    const Vec3 xi = x[i];
    Vec3 n{0.0, 0.0, 0.0};
    if (triangle_slots)
      for (int s = triangle_offsets[i]; s < triangle_offsets[i + 1]; ++s) {
        const Int3 t = triangles[triangle_slots[s] / 3];
        n = n + cross(x[t.b] - x[t.a], x[t.c] - x[t.a]);
      }
    double value = 0.0;
    if (quantity == DrawQuantity::Speed) {
      value = length(v[i]);
    } else if (quantity != DrawQuantity::Flat && i >= fluid_first && i < fluid_first + fluid_count) {
      value = max_number(double(fluid_density[i - fluid_first]) - 1.0, 0.0);
    } else if (quantity != DrawQuantity::Flat) {
      const bool strain = quantity == DrawQuantity::Strain;
      for (int s = distance_offsets[i]; s < distance_offsets[i + 1]; ++s) {
        const int k = distance_slots[s] / 2;
        const Int2 p = distance_particles[k];
        const double C = fabs(double(distance_eval(x[p.a], x[p.b], distance_rest_length[k]).C));
        value = max_number(value, strain && distance_rest_length[k] > 0.0 ? C / distance_rest_length[k] : C);
      }
      for (int s = tet_offsets[i]; s < tet_offsets[i + 1]; ++s) {
        const int t = tet_slots[s] / 4;
        const Int4 c = tet_particles[t];
        const Vec3 xs[4] = {x[c.a], x[c.b], x[c.c], x[c.d]};
        const Mat3 F = edge_matrix(xs) * tet_inv_rest[t];
        value = max_number(
            value, strain ? double(tet_deviatoric(TetModel::StVK, F).C) : fabs(double(determinant(F)) - 1.0));
      }
    }
    out.position[3 * i] = float(xi.x);
    out.position[3 * i + 1] = float(xi.y);
    out.position[3 * i + 2] = float(xi.z);
    out.normal[3 * i] = float(n.x);
    out.normal[3 * i + 1] = float(n.y);
    out.normal[3 * i + 2] = float(n.z);
    out.value[i] = float(value);
    // The bounds of the double positions, not of their float copies: GCC 12.2's -O2 vectorizer dropped the
    // double → float → double round trip here (tests/sim/draw_arrays_test.cpp caught it), and a camera
    // does not need the last bit.
    return {xi, xi, value};
  }
};

}  // namespace sim

namespace sim {

// Rigid body b's drawn instance (DrawArrays::body), and its share of DrawSums: its bounds, a sphere of
// radius size.x + size.y + size.z around its centre (over any box, capsule or sphere of that size), and its
// speed under DrawQuantity::Speed (other quantities have no meaning for a rigid body: 0).
struct WriteDrawBody {
  const Vec3* x;
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

// Joint j's drawn point (DrawArrays::joint): where its end a's anchor is.
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

}  // namespace sim
