// What the scenes of rigid bodies resting on the ground share (capsule_stack, heavy_stack, bridge): their
// gravity, bounds and ground, and one friction coefficient for every surface; and the body a particle scene
// may drop among its particles (a box on the draped cloth, a ball into the fluid), which they meet through
// the bodies' contacts (families/rigid/particle_contacts/particle_contact_stages.h).
#pragma once

#include <map>
#include <string>

#include "scenes/scene.h"

namespace sim {
inline namespace SIM_PRECISION {

// Sets b's gravity (the "gravity" parameter, downward), scene bounds ±(100 size + 100) m, and the ground with
// Coulomb coefficient `friction`; returns the bodies' material: μ_s = μ_k = friction, no restitution.
SurfaceMaterial set_up_body_scene(ModelBuilder& b, const ParamSet& p, Real size, Real friction);

// What a particle scene drops (the "drop" parameter).
enum class DropKind { None, Box, Ball };

// Where and what a particle scene drops by default.
struct DroppedBody {
  Real size = 0.3;        // a box's side, a ball's diameter [m]
  Real density = 500.0;   // [kg/m³]
  Vec3 x{0.0, 1.0, 0.0};  // its centre when released [m]
};

// The parameters of the dropped body: drop (none|box|ball), drop_size, drop_density, drop_x, drop_z,
// drop_height.
std::vector<ParamSpec> dropped_body_params(const DroppedBody& defaults);

// The body the parameters ask for, at rest, with `material` (also the particles' surface against bodies),
// tracked by the metrics as "box" or "ball"; nothing for drop = none.
void add_dropped_body(ModelBuilder& b, const ParamSet& p, const SurfaceMaterial& material);

// The fraction of ball `body`'s volume below the fluid's free surface (Archimedes: ρ_b/ρ₀ when it floats)
// [-]. The surface is the fluid's own, measured away from the ball: the mean height of the highest tenth of
// the fluid particles farther than its radius plus a particle diameter from its vertical axis, plus their
// radius. (PBF's fluid settles by most of a layer at its free surface and walls, and packs against a
// solid the same way: a particle there lacks neighbours, so the unilateral constraint lets it closer.)
Real submerged_fraction(const Model& m, const State& s, int body);

// fluid_column's parameters for a ball of 0.25 m and `density` [kg/m³] dropped into a 0.5 × 0.5 m tank of
// fluid 0.4 m deep (800 particles of 5 cm): the buoyancy test and experiment.
ParamValues ball_tank_params(double density);

}  // namespace SIM_PRECISION
}  // namespace sim
