// The ground contact family: particles against the plane y = height and a container's vertical walls
// (Model::ground, Model::container), found once per frame along their
// predicted path (Small Steps §4.2) and projected with Eq. 10's depenetration limit and Eq. 12's
// friction (constraints/ground_contact.h). Its stages: families/ground/ground_stages.h. Its depth is not a
// metric: particles resting on the ground sit at their radius; its contacts count as projections.
#pragma once

#include <tuple>

#include "constraints/ground_contact.h"
#include "core/position.h"
#include "families/family.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Builder>
struct GroundBuilder {
  void set_ground(const GroundPlane& ground) { static_cast<Builder&>(*this).model().ground = ground; }
  void set_container(const ContainerWalls& walls) { static_cast<Builder&>(*this).model().container = walls; }
};

// Index i: particle i against each plane; one within the margin of it is a contact the frame projects n·k
// times (counted as a constraint, as the collider's are: a resting contact stays within it).
struct MeasureGround {
  ContactPlanes planes;
  const Position* x;
  const Real* radius;
  int count;
  SIM_HD void operator()(int i, ConstraintSums& s, NoSums&) const {
    for (int k = 0; k < planes.count; ++k)
      if (dot(planes.plane[k].n, x[i]) - planes.plane[k].offset - radius[i] < planes.margin) s.count += 1;
  }
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

  template <class Exec, class ModelA, class StateA>
  static MeasureGround measure_term(const ModelA& m, const StateA& s, const MetricFrame&) {
    const ContactPlanes planes = contact_planes(m.ground, m.container);
    return {planes, Exec::data(s.particle_x), Exec::data(m.particle_radius),
            planes.count > 0 ? int(Exec::size(m.particle_inv_mass)) : 0};
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim

// Its solver part, so that registering the family (registry/family_list.h) brings its stages too.
#include "families/ground/ground_stages.h"
