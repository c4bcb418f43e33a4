// State: what changes every substep — positions, velocities, and each family's part (multipliers,
// attachment targets: families/family_list.h).
// Multipliers hold the value from the last substep, so λ/Δt_s² is the constraint force estimate
// (Small Steps §4, Figure 4).
#pragma once

#include <tuple>

#include "core/vec3.h"
#include "families/family_list.h"
#include "model/arrays.h"

namespace sim {

template <template <class> class Array>
struct StateArrays : Families::StateParts<Array> {
  Array<Vec3> particle_x;  // x [m]
  Array<Vec3> particle_v;  // v [m/s]

  auto fields() { return tie_fields(*this); }
  auto fields() const { return tie_fields(*this); }
  template <class Self>
  static auto tie_fields(Self& self) {
    return std::tuple_cat(std::tie(self.particle_x, self.particle_v),
                          Families::StateParts<Array>::tie_parts(self));
  }
};

using State = StateArrays<HostVector>;

}  // namespace sim
