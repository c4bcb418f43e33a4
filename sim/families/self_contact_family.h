// The self-contact family: particle pairs |x_i − x_j| ≥ r_i + r_j found with a hashed grid once per
// frame and projected Jacobi-style (Small Steps §4.3; families/self_contact_stages.h). Its settings are
// Model::self_collision; its buffers (the grid, the pair lists) belong to its stages.
#pragma once

#include "families/family.h"

namespace sim {

struct SelfContactFamily : NoMeasureTerm {
  template <template <class> class Array>
  using ModelPart = NoArrays<SelfContactFamily>;
  template <template <class> class Array>
  using StatePart = NoArrays<SelfContactFamily>;
  template <class Exec>
  class Stages;
};

}  // namespace sim
