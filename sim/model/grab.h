// The mouse grab as the viewer sets it (World::set_grab) and the families that act on it read it
// (FamilyHooks::set_grab, hold): the attachments hold particles, the rigid bodies a body's point.
#pragma once

#include <vector>

#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

// A particle, or a rigid body's point, held by the mouse: an attachment (Small Steps Eq. 8 with compliance
// α) to a target that the viewer moves with the cursor. particle < 0 and body < 0 hold nothing.
struct Grab {
  int particle = -1;
  Vec3 target{};  // where the particle (or the body's point) is pulled at the end of the next frame [m]
  Real compliance = 1e-6;  // α [m/N]
  int body = -1;  // a body held at its point `local` instead of a particle (families/rigid/rigid_stages.h)
  Vec3 local{};   // [m] body coordinates
  bool holds() const { return particle >= 0 || body >= 0; }
};

// The particles a grab holds, each by an attachment of the grab's compliance to the target plus its offset:
// the grabbed particle (offset 0) and the movable ones within Model::grab_radius of it when grabbed.
struct GrabHold {
  std::vector<int> particle;
  std::vector<Vec3> offset;  // from the grabbed particle when grabbed [m]
};

}  // namespace SIM_PRECISION
}  // namespace sim
