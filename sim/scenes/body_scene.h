// What the scenes of rigid bodies resting on the ground share (capsule_stack, heavy_stack, bridge): their
// gravity, bounds and ground, and one friction coefficient for every surface.
#pragma once

#include "scenes/scene.h"

namespace sim {

// Sets b's gravity (the "gravity" parameter, downward), scene bounds ±(100 size + 100) m, and the ground with
// Coulomb coefficient `friction`; returns the bodies' material: μ_s = μ_k = friction, no restitution.
SurfaceMaterial set_up_body_scene(ModelBuilder& b, const ParamSet& p, Real size, Real friction);

}  // namespace sim
