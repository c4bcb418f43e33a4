// Particle i's drawn vertex (draw/draw_arrays.h): its position in floats, the area-weighted normal of the
// surface triangles around it (each particle sums its triangles' face vectors through its triangle slots,
// model/incidence.h, in one fixed order; the shader normalises), and the coloured quantity: its speed, or
// what the families say of it (each family's draw_term, families/family.h; the largest wins). Written once
// and run by either backend's Exec::reduce, which also reduces the bounds and the ramp's scale.
#pragma once

#include "core/index.h"
#include "core/position.h"
#include "draw/draw_arrays.h"

namespace sim {
inline namespace SIM_PRECISION {

// The families' draw terms as one: the largest value any of them gives particle i.
template <class... Terms>
struct DrawTermChain;

template <>
struct DrawTermChain<> {
  SIM_HD double operator()(int, DrawQuantity) const { return 0.0; }
};

template <class Head, class... Tail>
struct DrawTermChain<Head, Tail...> {
  Head head;
  DrawTermChain<Tail...> tail;
  SIM_HD double operator()(int i, DrawQuantity q) const { return max_number(head(i, q), tail(i, q)); }
};

template <class... Terms>
DrawTermChain<Terms...> chain_draw_terms(const Terms&... terms) {
  return DrawTermChain<Terms...>{terms...};
}

// Null triangle slots (a model with no surface) leave the normal zero.
template <class Values>
struct WriteDrawVertex {
  const Position* x;
  const Vec3* v;
  const Int3* triangles;
  const int* triangle_offsets;
  const int* triangle_slots;
  Values values;
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
    const double value = quantity == DrawQuantity::Speed  ? double(length(v[i]))
                         : quantity == DrawQuantity::Flat ? 0.0
                                                          : values(i, quantity);
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

}  // namespace SIM_PRECISION
}  // namespace sim
