// Face, edge and vertex pseudo-normals of a triangle mesh and the signed distance they give; see
// pseudo_normals.h.
#include "mesh/pseudo_normals.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace sim {
namespace {

Vec3 unit_or_zero(Vec3 v) {
  const Real len = length(v);
  return len > 0.0 ? (1.0 / len) * v : Vec3{0.0, 0.0, 0.0};
}

// Angle [rad] between the edges from `at` to `u` and to `w`.
Real corner_angle(Vec3 at, Vec3 u, Vec3 w) {
  const Vec3 e1 = u - at, e2 = w - at;
  return std::atan2(length(cross(e1, e2)), dot(e1, e2));
}

int vertex_of(const Int3& t, int corner) { return corner == 0 ? t.a : (corner == 1 ? t.b : t.c); }

std::vector<Vec3> face_normals(const TriangleMesh& mesh) {
  std::vector<Vec3> n(mesh.triangles.size());
  for (size_t t = 0; t < n.size(); ++t) n[t] = unit_or_zero(area_normal(triangle_corners(mesh, int(t))));
  return n;
}

std::vector<Vec3> vertex_normals(const TriangleMesh& mesh, const std::vector<Vec3>& face) {
  std::vector<Vec3> n(mesh.vertices.size(), Vec3{0.0, 0.0, 0.0});
  for (size_t t = 0; t < face.size(); ++t) {
    const Int3 tri = mesh.triangles[t];
    for (int corner = 0; corner < 3; ++corner) {
      const Vec3 at = mesh.vertices[size_t(vertex_of(tri, corner))];
      const Vec3 u = mesh.vertices[size_t(vertex_of(tri, (corner + 1) % 3))];
      const Vec3 w = mesh.vertices[size_t(vertex_of(tri, (corner + 2) % 3))];
      n[size_t(vertex_of(tri, corner))] += corner_angle(at, u, w) * face[t];
    }
  }
  return n;
}

// Triangle edges sorted by their (smaller, larger) vertex pair, so the edges shared by several faces are
// neighbours; each group gets the sum of its faces' normals.
std::vector<Vec3> edge_normals(const TriangleMesh& mesh, const std::vector<Vec3>& face) {
  struct EdgeRef {
    uint64_t key;  // smaller vertex << 32 | larger vertex
    int slot;      // 3·t + e
  };
  std::vector<EdgeRef> refs;
  refs.reserve(3 * face.size());
  for (size_t t = 0; t < face.size(); ++t) {
    for (int e = 0; e < 3; ++e) {
      const auto v0 = uint32_t(vertex_of(mesh.triangles[t], e)),
                 v1 = uint32_t(vertex_of(mesh.triangles[t], (e + 1) % 3));
      refs.push_back({uint64_t(std::min(v0, v1)) << 32 | std::max(v0, v1), int(3 * t) + e});
    }
  }
  std::sort(refs.begin(), refs.end(), [](const EdgeRef& l, const EdgeRef& r) { return l.key < r.key; });
  std::vector<Vec3> n(refs.size());
  for (size_t begin = 0, end = 0; begin < refs.size(); begin = end) {
    Vec3 sum{0.0, 0.0, 0.0};
    for (end = begin; end < refs.size() && refs[end].key == refs[begin].key; ++end)
      sum += face[size_t(refs[end].slot / 3)];
    for (size_t i = begin; i < end; ++i) n[size_t(refs[i].slot)] = sum;
  }
  return n;
}

Vec3 feature_normal(const PseudoNormals& normals, const TriangleMesh& mesh, const MeshHit& hit) {
  const auto t = size_t(hit.triangle);
  switch (hit.on.feature) {
    case TriangleFeature::Face:
      return normals.face[t];
    case TriangleFeature::Edge0:
      return normals.edge[3 * t + 0];
    case TriangleFeature::Edge1:
      return normals.edge[3 * t + 1];
    case TriangleFeature::Edge2:
      return normals.edge[3 * t + 2];
    case TriangleFeature::Vertex0:
      return normals.vertex[size_t(mesh.triangles[t].a)];
    case TriangleFeature::Vertex1:
      return normals.vertex[size_t(mesh.triangles[t].b)];
    case TriangleFeature::Vertex2:
      return normals.vertex[size_t(mesh.triangles[t].c)];
  }
  return normals.face[t];
}

}  // namespace

PseudoNormals compute_pseudo_normals(const TriangleMesh& mesh) {
  PseudoNormals n;
  n.face = face_normals(mesh);
  n.edge = edge_normals(mesh, n.face);
  n.vertex = vertex_normals(mesh, n.face);
  return n;
}

Real signed_distance(const PseudoNormals& normals, const TriangleMesh& mesh, Vec3 p, const MeshHit& hit) {
  const Vec3 away = p - hit.on.point;
  const Real d = std::sqrt(hit.distance2);
  return dot(away, feature_normal(normals, mesh, hit)) < 0.0 ? -d : d;
}

}  // namespace sim
