// Whether a grid's φ values can be the signed distance field of a mesh (sdf_build.h), at a fraction of
// the cost of computing them: every value is finite; none is farther from the mesh than the grid's
// diagonal (the mesh lies inside the grid, so no node can be); and at a few dozen nodes spread over the
// grid by a fixed sequence, φ agrees with the exact signed distance found through a triangle BVH and the
// pseudo-normals, as build_sdf finds it. Used on SDF cache files, whose checksum only proves that their
// bytes are the ones written, not that they are this mesh's field.
#pragma once

#include <optional>
#include <string>

#include "mesh/sdf_build.h"

namespace sim {
inline namespace SIM_PRECISION {

// The first problem found, in words, or nothing when `grid` (a layout from sdf_layout for this mesh)
// passes every check.
std::optional<std::string> sdf_payload_problem(const TriangleMesh& mesh, const SdfGrid& grid);

}  // namespace SIM_PRECISION
}  // namespace sim
