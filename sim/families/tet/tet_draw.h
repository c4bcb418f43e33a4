// The tet family's share of a drawn particle's colour (draw/draw_vertex.h): over the particle's tets, the
// largest volume error |det F − 1|, or the Green strain |E|_F (the StVK deviatoric C) under
// DrawQuantity::Strain.
#pragma once

#include "constraints/tet_elasticity.h"
#include "core/min_max.h"
#include "core/position.h"
#include "draw/draw_arrays.h"

namespace sim {
inline namespace SIM_PRECISION {

struct TetDrawTerm {
  const Position* x;
  const Int4* particles;
  const Mat3* inv_rest;
  const int* offsets;
  const int* slots;
  SIM_HD double operator()(int i, DrawQuantity quantity) const {
    double value = 0.0;
    const bool strain = quantity == DrawQuantity::Strain;
    for (int s = offsets[i]; s < offsets[i + 1]; ++s) {
      const int t = slots[s] / 4;
      const Int4 c = particles[t];
      const Vec3 xs[4] = {x[c.a], x[c.b], x[c.c], x[c.d]};
      const Mat3 F = edge_matrix(xs) * inv_rest[t];
      value = max_number(
          value, strain ? double(tet_deviatoric(TetModel::StVK, F).C) : fabs(double(determinant(F)) - 1.0));
    }
    return value;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
