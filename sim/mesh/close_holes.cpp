// Fans over the holes of an open mesh; see close_holes.h.
#include "mesh/close_holes.h"

#include <numeric>
#include <vector>

#include "mesh/mesh_edges.h"

namespace sim {
namespace {

bool repeats_a_vertex(const Int3& t) { return t.a == t.b || t.b == t.c || t.a == t.c; }

// The edge slots that are the only face of their vertex pair.
std::vector<int> rim_slots(const TriangleMesh& mesh) {
  const std::vector<TriangleEdge> edges = edges_by_vertex_pair(mesh);
  std::vector<int> rims;
  for (size_t begin = 0, end = 0; begin < edges.size(); begin = end) {
    end = edge_group_end(edges, begin);
    int faces = 0, slot = -1;
    for (size_t i = begin; i < end; ++i)
      if (!repeats_a_vertex(mesh.triangles[size_t(edges[i].slot / 3)])) ++faces, slot = edges[i].slot;
    if (faces == 1) rims.push_back(slot);
  }
  return rims;
}

}  // namespace

ClosedHoles close_holes(TriangleMesh& mesh) {
  const std::vector<int> rims = rim_slots(mesh);
  std::vector<int> parent(mesh.vertices.size());
  std::iota(parent.begin(), parent.end(), 0);
  for (const int slot : rims)
    parent[size_t(group_root(parent, edge_start(mesh, slot)))] = group_root(parent, edge_end(mesh, slot));
  // Each rim vertex once in its hole's centroid: a vertex starts exactly one rim edge of a simple rim.
  std::vector<Vec3> sum(mesh.vertices.size(), Vec3{0.0, 0.0, 0.0});
  std::vector<int> count(mesh.vertices.size(), 0);
  for (const int slot : rims) {
    const int v = edge_start(mesh, slot), r = group_root(parent, v);
    sum[size_t(r)] += mesh.vertices[size_t(v)];
    ++count[size_t(r)];
  }
  ClosedHoles closed;
  std::vector<int> centre(mesh.vertices.size(), -1);  // per hole's root: its fan's new vertex
  for (size_t r = 0; r < count.size(); ++r) {
    if (count[r] == 0) continue;
    centre[r] = int(mesh.vertices.size());
    mesh.vertices.push_back((1.0 / Real(count[r])) * sum[r]);
    ++closed.holes;
  }
  for (const int slot : rims) {
    const int a = edge_start(mesh, slot), b = edge_end(mesh, slot);
    mesh.triangles.push_back({b, a, centre[size_t(group_root(parent, a))]});
    ++closed.rim_edges;
  }
  return closed;
}

}  // namespace sim
