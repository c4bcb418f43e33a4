// The rigid family's contact kinds, in the order the solver runs them: each a unit of its own folder — its
// pairs in the State, its metrics and bounds, its solver stages — composed by the rigid family
// (families/rigid/contact_set.h) rather than registered as families, because its passes sit inside the
// bodies' own: each substep's contact start before the bodies' prediction, its projections after the joints
// every iteration, its velocity pass after the joints' damping, over one grid of the bodies, and each
// body's stiffness column summed over all of them. A new kind adds its folder and itself here, once.
#pragma once

#include "families/family_set.h"
#include "families/rigid/body_contacts/body_contact_kind.h"
#include "families/rigid/particle_contacts/particle_contact_kind.h"

namespace sim {
inline namespace SIM_PRECISION {

using RigidContactKinds = FamilySet<BodyContactKind, ParticleContactKind>;

}  // namespace SIM_PRECISION
}  // namespace sim
