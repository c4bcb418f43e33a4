// The ground contact family: particles against the plane y = height and a container's vertical walls
// (Model::ground, Model::container), found once per frame along their
// predicted path (Small Steps §4.2) and projected with Eq. 10's depenetration limit and Eq. 12's
// friction (constraints/ground_contact.h). Its stages: families/ground_stages.h. Its depth is not a
// metric: particles resting on the ground sit at their radius.
#pragma once

#include "families/family.h"

namespace sim {

struct GroundFamily : NoMeasureTerm {
  template <template <class> class Array>
  using ModelPart = NoArrays<GroundFamily>;
  template <template <class> class Array>
  using StatePart = NoArrays<GroundFamily>;
  template <class Exec>
  class Stages;
};

}  // namespace sim
