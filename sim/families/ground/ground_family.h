// The ground contact family: particles against the plane y = height and a container's vertical walls
// (Model::ground, Model::container), found once per frame along their
// predicted path (Small Steps §4.2) and projected with Eq. 10's depenetration limit and Eq. 12's
// friction (constraints/ground_contact.h). Its stages: families/ground/ground_stages.h. Its depth is not a
// metric: particles resting on the ground sit at their radius.
#pragma once

#include <tuple>

#include "constraints/ground_contact.h"
#include "families/family.h"

namespace sim {

template <class Builder>
struct GroundBuilder {
  void set_ground(const GroundPlane& ground) { static_cast<Builder&>(*this).model().ground = ground; }
  void set_container(const ContainerWalls& walls) { static_cast<Builder&>(*this).model().container = walls; }
};

struct GroundFamily : FamilyDefaults<GroundFamily> {
  template <template <class> class Array>
  struct ModelPart {
    GroundPlane ground;
    ContainerWalls container;  // walls around the ground (the fluid's box)
    std::tuple<> fields() const { return {}; }
  };
  template <class Builder>
  using BuilderPart = GroundBuilder<Builder>;
  template <class Core>
  class Stages;
};

}  // namespace sim

// Its solver part, so that registering the family (registry/family_list.h) brings its stages too.
#include "families/ground/ground_stages.h"
