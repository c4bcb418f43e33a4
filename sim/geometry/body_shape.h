// The shapes of rigid bodies: volume, the principal inertia of a
// uniform-density body of a given mass (Müller et al. 2020 needs I in body coordinates), and the first
// hit of a ray, for picking a body with the mouse. A capsule's axis is body y.
#pragma once

#include <optional>
#include <string>

#include "core/quat.h"

namespace sim {
inline namespace SIM_PRECISION {

// A body's shape: what its inertia, its contacts, its drawing and its picking follow (geometry/narrow_phase.h).
// Its size (BodyArrays::size): a box's half extents, a capsule's radius and half length along body y, a
// sphere's radius [m].
enum class BodyShape : int { Box = 0, Capsule = 1, Sphere = 2 };

// [m³]; size as BodyArrays::size.
Real shape_volume(BodyShape shape, Vec3 size);
// Its longest and its shortest extent [m]: a box's longest and shortest edge, a capsule's length end to end
// and its diameter, a sphere's diameter; size as BodyArrays::size.
Real shape_length(BodyShape shape, Vec3 size);
Real shape_thickness(BodyShape shape, Vec3 size);
// Principal moments (I_xx, I_yy, I_zz) [kg·m²] of a body of `mass` [kg] with uniform density.
Vec3 shape_inertia(BodyShape shape, Vec3 size, Real mass);
// Why (shape, size) is not a body: a non-positive or non-finite dimension; nothing when it is one.
std::optional<std::string> shape_problem(BodyShape shape, Vec3 size);

// The distance t ≥ 0 along the unit ray origin + t dir to the surface of the body at pose (x, q), or nothing.
std::optional<Real> ray_hit(BodyShape shape, Vec3 size, Vec3 x, Quat q, Vec3 origin, Vec3 dir);

}  // namespace SIM_PRECISION
}  // namespace sim
