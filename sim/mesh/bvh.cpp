// Median-split AABB tree over triangles and its nearest-first closest-point search; see bvh.h.
#include "mesh/bvh.h"

#include <algorithm>

namespace sim {
inline namespace SIM_PRECISION {
namespace {

constexpr int kLeafTriangles = 4;

Real axis_of(Vec3 v, int axis) { return axis == 0 ? v.x : (axis == 1 ? v.y : v.z); }
Vec3 centroid(const BvhTriangle& t) { return (1.0 / 3.0) * (t.corners.a + t.corners.b + t.corners.c); }

// Fills node n with slots [begin, end) of bvh.triangles, splitting it while it holds too many.
void build_node(TriangleBvh& bvh, int n, int begin, int end) {
  const auto slots = bvh.triangles.begin();
  Vec3 lo = slots[begin].corners.a, hi = lo;
  Vec3 centre_lo = centroid(slots[begin]), centre_hi = centre_lo;
  for (auto t = slots + begin; t != slots + end; ++t) {
    lo = min3(lo, min3(min3(t->corners.a, t->corners.b), t->corners.c));
    hi = max3(hi, max3(max3(t->corners.a, t->corners.b), t->corners.c));
    centre_lo = min3(centre_lo, centroid(*t));
    centre_hi = max3(centre_hi, centroid(*t));
  }
  bvh.nodes[size_t(n)] = {lo, hi, begin, end - begin};
  if (end - begin <= kLeafTriangles) return;

  const Vec3 spread = centre_hi - centre_lo;
  const int axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : (spread.y >= spread.z ? 1 : 2);
  const int mid = begin + (end - begin) / 2;
  std::nth_element(slots + begin, slots + mid, slots + end,
                   [axis](const BvhTriangle& l, const BvhTriangle& r) {
                     return axis_of(centroid(l), axis) < axis_of(centroid(r), axis);
                   });
  const int left = int(bvh.nodes.size());
  bvh.nodes.resize(bvh.nodes.size() + 2);
  bvh.nodes[size_t(n)].first = left;
  bvh.nodes[size_t(n)].count = 0;
  build_node(bvh, left, begin, mid);
  build_node(bvh, left + 1, mid, end);
}

// Squared distance [m²] from p to the node's box; zero inside it.
Real box_distance2(const BvhNode& node, Vec3 p) {
  const Vec3 out = max3(max3(node.lo - p, p - node.hi), Vec3{0.0, 0.0, 0.0});
  return length_squared(out);
}

}  // namespace

TriangleBvh build_triangle_bvh(const TriangleMesh& mesh) {
  TriangleBvh bvh;
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    const TriangleCorners c = triangle_corners(mesh, int(t));
    if (has_area(c)) bvh.triangles.push_back({c, int(t)});
  }
  if (bvh.triangles.empty()) return bvh;
  bvh.nodes.resize(1);
  build_node(bvh, 0, 0, int(bvh.triangles.size()));
  return bvh;
}

MeshHit closest_triangle(const TriangleBvh& bvh, Vec3 p, MeshHit seed) {
  MeshHit best = seed;
  if (bvh.nodes.empty()) return best;
  struct Pending {
    int node;
    Real distance2;  // [m²] from p to the node's box
  };
  Pending stack[64];  // the median split keeps the depth under 32; one sibling waits per level
  int size = 0;
  stack[size++] = {0, box_distance2(bvh.nodes[0], p)};
  while (size > 0) {
    const Pending top = stack[--size];
    if (top.distance2 >= best.distance2) continue;
    const BvhNode& node = bvh.nodes[size_t(top.node)];
    if (node.count > 0) {
      for (int s = node.first; s < node.first + node.count; ++s) {
        const BvhTriangle& t = bvh.triangles[size_t(s)];
        const MeshHit hit = hit_on_triangle(t.id, t.corners, p);
        if (hit.distance2 < best.distance2) best = hit;
      }
      continue;
    }
    Pending near{node.first, box_distance2(bvh.nodes[size_t(node.first)], p)};
    Pending far{node.first + 1, box_distance2(bvh.nodes[size_t(node.first + 1)], p)};
    if (far.distance2 < near.distance2) std::swap(near, far);
    if (far.distance2 < best.distance2) stack[size++] = far;
    if (near.distance2 < best.distance2) stack[size++] = near;
  }
  return best;
}

}  // namespace SIM_PRECISION
}  // namespace sim
