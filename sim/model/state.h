// State: what changes every substep — positions, velocities, multipliers, attachment targets.
// Multipliers hold the value from the last substep, so λ/Δt_s² is the constraint force estimate
// (Small Steps §4, Figure 4).
#pragma once

#include <tuple>

#include "core/vec3.h"
#include "model/arrays.h"

namespace sim {

template <template <class> class Array>
struct StateArrays {
  Array<Vec3> particle_x;         // x [m]
  Array<Vec3> particle_v;         // v [m/s]
  Array<Real> distance_lambda;    // λ [N·s²], colour-sorted like the Model's distance arrays
  Array<Vec3> attachment_target;  // p [m]
  Array<Real> attachment_lambda;  // λ [N·s²]

  auto fields() { return tie_fields(*this); }
  auto fields() const { return tie_fields(*this); }
  template <class Self>
  static auto tie_fields(Self& self) {
    return std::tie(self.particle_x, self.particle_v, self.distance_lambda, self.attachment_target,
                    self.attachment_lambda);
  }
};

using State = StateArrays<HostVector>;

}  // namespace sim
