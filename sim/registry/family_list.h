// The registered constraint families, in the order every solver iteration projects them (Small Steps
// Algorithm 1 lines 6-9): the elastic families first, then attachments and the mouse grab, then the rigid
// bodies' joints, then contacts, which go last so that each iteration ends with them satisfied. A new
// family adds its folder under families/ and itself here, once, for both backends (its stages to
// registry/family_list.h).
#pragma once

#include "families/attachment/attachment_family.h"
#include "families/collider/collider_family.h"
#include "families/distance/distance_family.h"
#include "families/family_set.h"
#include "families/fluid/fluid_family.h"
#include "families/ground/ground_family.h"
#include "families/rigid/rigid_family.h"
#include "families/self_contact/self_contact_family.h"
#include "families/tet/tet_family.h"
#include "families/tether/tether_family.h"

namespace sim {
inline namespace SIM_PRECISION {

using Families = FamilySet<DistanceFamily, TetFamily, FluidFamily, AttachmentFamily, TetherFamily, RigidFamily,
                           SelfContactFamily, ColliderFamily, GroundFamily>;

}  // namespace SIM_PRECISION
}  // namespace sim
