// The distance family's share of a drawn particle's colour (draw/draw_vertex.h): the largest |C|, or |C|/L
// under DrawQuantity::Strain, of the particle's constraints, found through its incidence slots.
#pragma once

#include "constraints/distance.h"
#include "core/min_max.h"
#include "core/position.h"
#include "draw/draw_arrays.h"

namespace sim {
inline namespace SIM_PRECISION {

struct DistanceDrawTerm {
  const Position* x;
  const Int2* particles;
  const Real* rest_length;
  const int* offsets;
  const int* slots;
  SIM_HD double operator()(int i, DrawQuantity quantity) const {
    double value = 0.0;
    const bool strain = quantity == DrawQuantity::Strain;
    for (int s = offsets[i]; s < offsets[i + 1]; ++s) {
      const int k = slots[s] / 2;
      const Int2 p = particles[k];
      const double C = fabs(double(distance_eval(x[p.a], x[p.b], rest_length[k]).C));
      value = max_number(value, strain && rest_length[k] > 0.0 ? C / rest_length[k] : C);
    }
    return value;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
