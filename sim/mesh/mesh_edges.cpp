// Triangle edges sorted by the vertex pair they join; see mesh_edges.h.
#include "mesh/mesh_edges.h"

#include <algorithm>

namespace sim {
inline namespace SIM_PRECISION {

std::vector<TriangleEdge> edges_by_vertex_pair(const TriangleMesh& mesh) {
  std::vector<TriangleEdge> edges;
  edges.reserve(3 * mesh.triangles.size());
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    for (int e = 0; e < 3; ++e) {
      const auto v0 = uint32_t(corner_vertex(mesh.triangles[t], e)),
                 v1 = uint32_t(corner_vertex(mesh.triangles[t], (e + 1) % 3));
      edges.push_back({uint64_t(std::min(v0, v1)) << 32 | std::max(v0, v1), int(3 * t) + e});
    }
  }
  std::sort(edges.begin(), edges.end(), [](const TriangleEdge& l, const TriangleEdge& r) {
    return l.key != r.key ? l.key < r.key : l.slot < r.slot;
  });
  return edges;
}

size_t edge_group_end(const std::vector<TriangleEdge>& edges, size_t begin) {
  size_t end = begin;
  while (end < edges.size() && edges[end].key == edges[begin].key) ++end;
  return end;
}

}  // namespace SIM_PRECISION
}  // namespace sim
