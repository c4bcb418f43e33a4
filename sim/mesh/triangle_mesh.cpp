// Bounds, area check, volume, vertex removal and content hash of a TriangleMesh.
#include "mesh/triangle_mesh.h"

#include "core/fnv1a.h"

namespace sim {
inline namespace SIM_PRECISION {

MeshBounds vertex_bounds(const std::vector<Vec3>& vertices) {
  if (vertices.empty()) return {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
  MeshBounds b{vertices[0], vertices[0]};
  for (const Vec3& v : vertices) {
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

double enclosed_volume(const TriangleMesh& mesh) {
  double volume = 0.0;
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    const TriangleCorners c = triangle_corners(mesh, int(t));
    const double ax = c.a.x, ay = c.a.y, az = c.a.z, bx = c.b.x, by = c.b.y, bz = c.b.z, cx = c.c.x,
                 cy = c.c.y, cz = c.c.z;
    volume += (ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)) / 6.0;
  }
  return volume;
}

void drop_unused_vertices(TriangleMesh& mesh) {
  std::vector<bool> unused(mesh.vertices.size(), true);
  for (const Int3& t : mesh.triangles)
    unused[size_t(t.a)] = unused[size_t(t.b)] = unused[size_t(t.c)] = false;
  remove_vertices(mesh, unused);
}

void remove_vertices(TriangleMesh& mesh, const std::vector<bool>& remove) {
  std::vector<int> renumbered(mesh.vertices.size(), -1);
  int kept = 0;
  for (size_t v = 0; v < renumbered.size(); ++v) {
    if (remove[v]) continue;
    mesh.vertices[size_t(kept)] = mesh.vertices[v];
    renumbered[v] = kept++;
  }
  mesh.vertices.resize(size_t(kept));
  for (Int3& t : mesh.triangles)
    t = {renumbered[size_t(t.a)], renumbered[size_t(t.b)], renumbered[size_t(t.c)]};
}

uint64_t mesh_hash(const TriangleMesh& mesh) {
  const uint64_t counts[2] = {mesh.vertices.size(), mesh.triangles.size()};
  uint64_t h = fnv1a(kFnv1aBasis, counts, sizeof counts);
  h = fnv1a(h, mesh.vertices.data(), mesh.vertices.size() * sizeof(Vec3));
  return fnv1a(h, mesh.triangles.data(), mesh.triangles.size() * sizeof(Int3));
}

}  // namespace SIM_PRECISION
}  // namespace sim
