// The edges of a mesh's triangles grouped by the two vertices they join, so that the faces sharing an edge
// are seen together: pseudo_normals.h sums their normals, mesh_quality.h counts them and compares the
// directions in which they run the edge.
#pragma once

#include <cstdint>
#include <vector>

#include "mesh/triangle_mesh.h"

namespace sim {
inline namespace SIM_PRECISION {

struct TriangleEdge {
  uint64_t key;  // smaller vertex << 32 | larger vertex
  int slot;      // 3·t + e: edge e of triangle t, from corner e to corner (e + 1) mod 3
};

// Every edge of every triangle, sorted by key and then slot, so the edges joining the same two vertices
// are neighbours, in triangle order.
std::vector<TriangleEdge> edges_by_vertex_pair(const TriangleMesh& mesh);

// One past the last edge of the group (equal keys) that starts at `begin`.
size_t edge_group_end(const std::vector<TriangleEdge>& edges, size_t begin);

// The representative of v's group in a union-find forest over vertices (parent[v] = v at a root), halving
// the path on the way: mesh_quality.h counts holes with it, close_holes.h fans them.
inline int group_root(std::vector<int>& parent, int v) {
  while (parent[size_t(v)] != v) v = parent[size_t(v)] = parent[size_t(parent[size_t(v)])];
  return v;
}

// The vertices edge `slot` runs from and to.
inline int edge_start(const TriangleMesh& mesh, int slot) {
  return corner_vertex(mesh.triangles[size_t(slot / 3)], slot % 3);
}
inline int edge_end(const TriangleMesh& mesh, int slot) {
  return corner_vertex(mesh.triangles[size_t(slot / 3)], (slot + 1) % 3);
}

}  // namespace SIM_PRECISION
}  // namespace sim
