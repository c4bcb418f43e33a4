// A bounding volume hierarchy of axis-aligned boxes over a mesh's triangles, for closest-point queries.
// Built top-down by splitting each node's triangles at the median centroid along the widest axis of the
// centroids (so the depth is at most ⌈log₂ n⌉); searched depth-first, nearer child first, skipping every
// box farther away than the best triangle found so far.
#pragma once

#include <vector>

#include "mesh/closest_point.h"
#include "mesh/triangle_mesh.h"

namespace sim {
inline namespace SIM_PRECISION {

struct BvhNode {
  Vec3 lo, hi;  // [m] box around the node's triangles
  int first;    // leaf: first slot in TriangleBvh::triangles; inner: left child (the right one is first + 1)
  int count;    // leaf: number of triangles; 0 for an inner node
};

// A triangle copied into its leaf's slot, so a search reads the slots in order.
struct BvhTriangle {
  TriangleCorners corners;  // [m]
  int id;                   // index in TriangleMesh::triangles
};

struct TriangleBvh {
  std::vector<BvhNode> nodes;          // nodes[0] is the root; empty when no triangle has an area
  std::vector<BvhTriangle> triangles;  // grouped by leaf; triangles without area are left out
};

TriangleBvh build_triangle_bvh(const TriangleMesh& mesh);

// The closest triangle to p. `seed` is a known hit at p (for example the previous query's triangle,
// re-evaluated with hit_on_triangle): only what is nearer than it is examined, and it is returned
// unchanged when nothing is nearer. MeshHit{} seeds nothing.
MeshHit closest_triangle(const TriangleBvh& bvh, Vec3 p, MeshHit seed = {});

}  // namespace SIM_PRECISION
}  // namespace sim
