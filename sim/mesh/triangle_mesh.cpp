// Bounds, area check and content hash of a TriangleMesh.
#include "mesh/triangle_mesh.h"

#include "core/fnv1a.h"

namespace sim {

MeshBounds mesh_bounds(const TriangleMesh& mesh) {
  if (mesh.vertices.empty()) return {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
  MeshBounds b{mesh.vertices[0], mesh.vertices[0]};
  for (const Vec3& v : mesh.vertices) {
    b.lo = min3(b.lo, v);
    b.hi = max3(b.hi, v);
  }
  return b;
}

bool any_triangle_has_area(const TriangleMesh& mesh) {
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    if (has_area(triangle_corners(mesh, int(t)))) return true;
  }
  return false;
}

uint64_t mesh_hash(const TriangleMesh& mesh) {
  const uint64_t counts[2] = {mesh.vertices.size(), mesh.triangles.size()};
  uint64_t h = fnv1a(kFnv1aBasis, counts, sizeof counts);
  h = fnv1a(h, mesh.vertices.data(), mesh.vertices.size() * sizeof(Vec3));
  return fnv1a(h, mesh.triangles.data(), mesh.triangles.size() * sizeof(Int3));
}

}  // namespace sim
