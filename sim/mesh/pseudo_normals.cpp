// Face, edge and vertex pseudo-normals of a triangle mesh and the signed distance they give; see
// pseudo_normals.h.
#include "mesh/pseudo_normals.h"

#include <cmath>

#include "mesh/mesh_edges.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

// Angle [rad] between the edges from `at` to `u` and to `w`.
Real corner_angle(Vec3 at, Vec3 u, Vec3 w) {
  const Vec3 e1 = u - at, e2 = w - at;
  return std::atan2(length(cross(e1, e2)), dot(e1, e2));
}

std::vector<Vec3> face_normals(const TriangleMesh& mesh) {
  std::vector<Vec3> n(mesh.triangles.size());
  for (size_t t = 0; t < n.size(); ++t)
    n[t] = normalized_or(area_normal(triangle_corners(mesh, int(t))), {0.0, 0.0, 0.0});
  return n;
}

std::vector<Vec3> vertex_normals(const TriangleMesh& mesh, const std::vector<Vec3>& face) {
  std::vector<Vec3> n(mesh.vertices.size(), Vec3{0.0, 0.0, 0.0});
  for (size_t t = 0; t < face.size(); ++t) {
    const Int3 tri = mesh.triangles[t];
    for (int corner = 0; corner < 3; ++corner) {
      const Vec3 at = mesh.vertices[size_t(corner_vertex(tri, corner))];
      const Vec3 u = mesh.vertices[size_t(corner_vertex(tri, (corner + 1) % 3))];
      const Vec3 w = mesh.vertices[size_t(corner_vertex(tri, (corner + 2) % 3))];
      n[size_t(corner_vertex(tri, corner))] += corner_angle(at, u, w) * face[t];
    }
  }
  return n;
}

// Each group of edges joining the same two vertices gets the sum of its faces' normals.
std::vector<Vec3> edge_normals(const TriangleMesh& mesh, const std::vector<Vec3>& face) {
  const std::vector<TriangleEdge> edges = edges_by_vertex_pair(mesh);
  std::vector<Vec3> n(edges.size());
  for (size_t begin = 0, end = 0; begin < edges.size(); begin = end) {
    end = edge_group_end(edges, begin);
    Vec3 sum{0.0, 0.0, 0.0};
    for (size_t i = begin; i < end; ++i) sum += face[size_t(edges[i].slot / 3)];
    for (size_t i = begin; i < end; ++i) n[size_t(edges[i].slot)] = sum;
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

}  // namespace SIM_PRECISION
}  // namespace sim
