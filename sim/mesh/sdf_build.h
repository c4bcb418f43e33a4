// A signed distance field of a triangle mesh sampled on a regular grid (negative inside), laid out for
// geometry/sdf_grid.h. Every node holds the exact distance to the mesh, found through a triangle BVH, with
// the sign of the angle-weighted pseudo-normal of the closest feature (pseudo_normals.h).
#pragma once

#include <vector>

#include "geometry/sdf_grid.h"
#include "mesh/pseudo_normals.h"
#include "mesh/triangle_mesh.h"

namespace sim {
inline namespace SIM_PRECISION {

struct SdfGrid {
  Vec3 origin{};               // [m] position of node (0, 0, 0)
  Real cell = 0.0;             // [m] node spacing
  int nx = 0, ny = 0, nz = 0;  // nodes per axis
  std::vector<float> phi;      // [m] signed distance at node (i, j, k) in phi[(k·ny + j)·nx + i]

  SdfGridView view() const { return {phi.data(), origin, cell, nx, ny, nz}; }
};

// Cells of grid beyond the mesh bounds on every side, unless a collider needs more (collider_shape.h).
inline constexpr int kSdfPaddingCells = 4;

// `resolution` cells span the longest axis of the mesh bounds (cell = longest extent / resolution); the
// grid covers the bounds plus `padding_cells` cells on every side. Throws std::invalid_argument for
// resolution < 1, a negative padding, a vertex index out of range or a mesh with no triangle of non-zero
// area. The nodes are computed in parallel (OpenMP).
SdfGrid build_sdf(const TriangleMesh& mesh, int resolution, Real padding_cells = kSdfPaddingCells);

// The grid build_sdf would fill (origin, cell, node counts) with every φ still 0; same checks.
SdfGrid sdf_layout(const TriangleMesh& mesh, int resolution, Real padding_cells = kSdfPaddingCells);

// Writes φ at every node of `grid`, a layout from sdf_layout for this mesh (build_sdf = sdf_layout + this).
void fill_sdf(const TriangleMesh& mesh, SdfGrid& grid);

// The signed distance [m] at p by testing every triangle, with the sign rule of build_sdf: the reference
// for tests. The overload with precomputed pseudo-normals saves recomputing them per point.
Real signed_distance_brute_force(const TriangleMesh& mesh, Vec3 p);
Real signed_distance_brute_force(const TriangleMesh& mesh, const PseudoNormals& normals, Vec3 p);

}  // namespace SIM_PRECISION
}  // namespace sim
