// State: what changes every substep — positions, velocities (model/particles.h), and each registered family's
// part (multipliers, attachment targets, body poses: registry/family_list.h).
// Multipliers hold the value from the last substep, so λ/Δt_s² is the constraint force estimate
// (Small Steps §4, Figure 4).
#pragma once

#include <tuple>

#include "model/arrays.h"
#include "model/particles.h"
#include "registry/family_list.h"

namespace sim {
inline namespace SIM_PRECISION {

template <template <class> class Array>
struct StateArrays : ParticleState<Array>, Families::StateParts<Array> {
  auto fields() { return tie_fields(*this); }
  auto fields() const { return tie_fields(*this); }
  template <class Self>
  static auto tie_fields(Self& self) {
    return std::tuple_cat(static_cast<match_const_t<Self, ParticleState<Array>>&>(self).fields(),
                          Families::StateParts<Array>::tie_parts(self));
  }

 private:
  template <class Self, class Part>
  using match_const_t = std::conditional_t<std::is_const<Self>::value, const Part, Part>;
};

using State = StateArrays<HostVector>;

}  // namespace SIM_PRECISION
}  // namespace sim
