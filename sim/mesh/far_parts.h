// Parts of a collider mesh that lie far from the rest. A field's grid spans the whole mesh (sdf_build.h),
// so a part far away leaves the rest a few of its cells, or none: a unit cube beside a tetrahedron at
// (1000, 1000, 1000) vanished from the cloth scene, and a cube beside one far triangle pushed the cloth up
// (0.91 m penetration at frame 1). The rule: the parts are the mesh's connected components (triangles
// joined through shared vertices); the main group starts as the part with the most triangles and takes in,
// until none is left, every part whose bounds lie within the group's size (its bounds' longest side) of
// the group's bounds. The parts left over are far. When the main group holds more than half of the
// triangles, the far parts are dropped with a note (how many parts and triangles, and how far the nearest
// is); otherwise no part dominates and the mesh is refused (MeshError), as a field of either half would
// misrepresent the file.
#pragma once

#include <optional>
#include <string>

#include "mesh/triangle_mesh.h"

namespace sim {
inline namespace SIM_PRECISION {

// Drops the far parts of `mesh` (their triangles, and the vertices only they use; the other vertices keep
// their order) and says so, or returns nothing when no part is far; throws MeshError when the main group
// holds half of the triangles or fewer. Both messages start with `origin` (the file). Distances are in the
// file's units.
std::optional<std::string> drop_far_parts(TriangleMesh& mesh, const std::string& origin);

}  // namespace SIM_PRECISION
}  // namespace sim
