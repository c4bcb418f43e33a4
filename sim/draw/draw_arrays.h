// What the viewer draws of a State, written by the backend that holds it, so that drawing needs no copy of
// the State: float positions, vertex normals and a coloured quantity per particle (draw/draw_vertex.h), and
// the instances and points a family draws itself (the rigid family's bodies and joint anchors,
// families/rigid/rigid_draw.h). The
// arrays are wherever the backend writes: an OpenGL buffer mapped for CUDA, or host memory, both
// write-only. Each write also returns its share of DrawSums, reduced in the same pass: the bounds for the
// camera and the shadow map, and the colour ramp's scale.
#pragma once

#include <cmath>

#include "core/hd.h"
#include "core/min_max.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

// The per-particle quantity mapped to the colour ramp. ConstraintError: the largest |C| of the particle's
// constraints [m] (a tet's |det F − 1|, its volume error [-]); Strain: the largest |C|/L of its distance
// constraints and the Green strain |E|_F of its tets [-]. A fluid particle shows its density error
// max(ρ/ρ₀ − 1, 0) [-] under both. Each family colours its own particles (families/family.h, draw_term).
enum class DrawQuantity { Flat, Speed, ConstraintError, Strain };

struct DrawArrays {
  float* position = nullptr;  // 3 per particle [m]
  float* normal = nullptr;    // 3 per particle: the sum of the incident triangles' face vectors [m²]
  float* value = nullptr;     // 1 per particle: the DrawQuantity
  float* instance = nullptr;  // 8 per instance (a shape): centre [m], DrawQuantity, orientation (x, y, z, w)
  float* point = nullptr;     // 3 per point (a bead): where it is [m]
};

// How many instances and points a family draws.
struct DrawCounts {
  int instances = 0;
  int points = 0;
};

struct DrawSums {
  Vec3 lo{Real(HUGE_VAL), Real(HUGE_VAL), Real(HUGE_VAL)},
      hi{-Real(HUGE_VAL), -Real(HUGE_VAL), -Real(HUGE_VAL)};  // of the positions [m]
  double value_max = 0.0;
  SIM_HD static DrawSums combine(const DrawSums& a, const DrawSums& b) {
    return {min3(a.lo, b.lo), max3(a.hi, b.hi), max_number(a.value_max, b.value_max)};
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
