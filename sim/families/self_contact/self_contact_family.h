// The self-contact family: particle pairs |x_i − x_j| ≥ r_i + r_j found with a hashed grid once per
// frame and projected Jacobi-style (Small Steps §4.3; families/self_contact/self_contact_stages.h). Its
// settings are Model::self_collision; its buffers (the grid, the pair lists) belong to its stages.
#pragma once

#include <tuple>

#include "core/vec3.h"
#include "families/family.h"

namespace sim {
inline namespace SIM_PRECISION {

// Self-collision between particles: pairs found near each other's predicted end-of-frame positions and
// within r_i + r_j + margin at the start or at that end become contacts |x_i − x_j| ≥ r_i + r_j. Pairs closer
// than exclusion·(r_i + r_j) in the rest configuration never collide (cloth neighbours, which the
// constraints already keep apart).
struct SelfCollision {
  bool enabled = false;
  Real margin = 0.0;                   // detection margin [m]
  Real exclusion = 1.5;                // [-]
  Real max_depenetration_speed = 1.0;  // v_max of Eq. 10 [m/s]
};

template <class Builder>
struct SelfContactBuilder {
  void set_self_collision(const SelfCollision& self) {
    static_cast<Builder&>(*this).model().self_collision = self;
  }
};

struct SelfContactFamily : FamilyDefaults<SelfContactFamily> {
  template <template <class> class Array>
  struct ModelPart {
    SelfCollision self_collision;
    std::tuple<> fields() const { return {}; }
  };
  template <class Builder>
  using BuilderPart = SelfContactBuilder<Builder>;
  template <class Core>
  class Stages;
};

}  // namespace SIM_PRECISION
}  // namespace sim

// Its solver part, so that registering the family (registry/family_list.h) brings its stages too.
#include "families/self_contact/self_contact_stages.h"
