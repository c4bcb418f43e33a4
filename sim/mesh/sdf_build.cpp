// Grid signed distance field of a triangle mesh and its brute-force reference; see sdf_build.h.
#include "mesh/sdf_build.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "mesh/bvh.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

void check_sdf_input(const TriangleMesh& mesh, int resolution, Real padding_cells) {
  if (resolution < 1) {
    throw std::invalid_argument("build_sdf: resolution must be >= 1, got " + std::to_string(resolution));
  }
  if (!(padding_cells >= 0.0) || !std::isfinite(padding_cells)) {
    throw std::invalid_argument("build_sdf: padding_cells must be finite and >= 0");
  }
  const auto in_range = [&](int v) { return v >= 0 && size_t(v) < mesh.vertices.size(); };
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    const Int3 tri = mesh.triangles[t];
    if (!in_range(tri.a) || !in_range(tri.b) || !in_range(tri.c)) {
      throw std::invalid_argument("build_sdf: triangle " + std::to_string(t) +
                                  " has a vertex index out of range");
    }
  }
  if (!any_triangle_has_area(mesh)) {
    throw std::invalid_argument("build_sdf: the mesh has no triangle with a non-zero area");
  }
}

// Nodes needed along an axis of the given extent [m] so that it is covered with `padding_cells` to spare
// on both sides, and at least 2 (trilinear sampling needs a cell, even across a flat mesh's thin axis). The
// small tolerance keeps an exact multiple of the cell from gaining a node to rounding.
int nodes_along(Real extent, Real cell, Real padding_cells) {
  return std::max(2, int(std::ceil(extent / cell + 2.0 * padding_cells - 1e-9)) + 1);
}

// One x-row of nodes: each query starts from the previous node's triangle, which at one cell away
// usually is the answer or close to it, so few BVH boxes survive the bound.
void fill_row(SdfGrid& g, int j, int k, const TriangleMesh& mesh, const TriangleBvh& bvh,
              const PseudoNormals& normals) {
  MeshHit previous;
  for (int i = 0; i < g.nx; ++i) {
    const Vec3 p = sdf_node_position(g, i, j, k);
    const MeshHit seed = previous.triangle >= 0 ? hit_on_triangle(mesh, previous.triangle, p) : MeshHit{};
    previous = closest_triangle(bvh, p, seed);
    g.phi[sdf_node_index(g, i, j, k)] = float(signed_distance(normals, mesh, p, previous));
  }
}

}  // namespace

SdfGrid sdf_layout(const TriangleMesh& mesh, int resolution, Real padding_cells) {
  check_sdf_input(mesh, resolution, padding_cells);
  const MeshBounds bounds = mesh_bounds(mesh);
  const Vec3 extent = bounds.hi - bounds.lo;
  SdfGrid g;
  g.cell = std::max({extent.x, extent.y, extent.z}) / Real(resolution);
  g.origin = bounds.lo - padding_cells * Vec3{g.cell, g.cell, g.cell};
  g.nx = nodes_along(extent.x, g.cell, padding_cells);
  g.ny = nodes_along(extent.y, g.cell, padding_cells);
  g.nz = nodes_along(extent.z, g.cell, padding_cells);
  g.phi.assign(size_t(g.nx) * size_t(g.ny) * size_t(g.nz), 0.0f);
  return g;
}

void fill_sdf(const TriangleMesh& mesh, SdfGrid& g) {
  const TriangleBvh bvh = build_triangle_bvh(mesh);
  const PseudoNormals normals = compute_pseudo_normals(mesh);
  const int rows = g.ny * g.nz;
#pragma omp parallel for schedule(dynamic, 8)
  for (int row = 0; row < rows; ++row) fill_row(g, row % g.ny, row / g.ny, mesh, bvh, normals);
}

SdfGrid build_sdf(const TriangleMesh& mesh, int resolution, Real padding_cells) {
  SdfGrid g = sdf_layout(mesh, resolution, padding_cells);
  fill_sdf(mesh, g);
  return g;
}

Real signed_distance_brute_force(const TriangleMesh& mesh, const PseudoNormals& normals, Vec3 p) {
  MeshHit best;
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    if (!has_area(triangle_corners(mesh, int(t)))) continue;
    const MeshHit hit = hit_on_triangle(mesh, int(t), p);
    if (hit.distance2 < best.distance2) best = hit;
  }
  if (best.triangle < 0) throw std::invalid_argument("signed_distance_brute_force: no triangle has an area");
  return signed_distance(normals, mesh, p, best);
}

Real signed_distance_brute_force(const TriangleMesh& mesh, Vec3 p) {
  return signed_distance_brute_force(mesh, compute_pseudo_normals(mesh), p);
}

}  // namespace SIM_PRECISION
}  // namespace sim
