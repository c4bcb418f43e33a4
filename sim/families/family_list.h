// The registered constraint families, in the order every solver iteration projects them (Small Steps
// Algorithm 1 lines 6-9): the elastic families first, then attachments and the mouse grab, then the rigid
// bodies' joints, then contacts, which go last so that each iteration ends with them satisfied. A new family
// adds itself here, once, for both backends (and its stages to families/family_stages.h).
#pragma once

#include "families/attachment_family.h"
#include "families/collider_family.h"
#include "families/distance_family.h"
#include "families/family.h"
#include "families/fluid_family.h"
#include "families/ground_family.h"
#include "families/rigid_family.h"
#include "families/self_contact_family.h"
#include "families/tet_family.h"

namespace sim {

using Families = FamilyList<DistanceFamily, TetFamily, FluidFamily, AttachmentFamily, RigidFamily,
                            SelfContactFamily, ColliderFamily, GroundFamily>;

}  // namespace sim
