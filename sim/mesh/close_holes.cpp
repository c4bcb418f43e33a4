// Caps over the holes of an open mesh; see close_holes.h.
#include "mesh/close_holes.h"

#include <map>
#include <numeric>
#include <vector>

#include "mesh/mesh_edges.h"

namespace sim {
inline namespace SIM_PRECISION {
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

// The rim loop starting at `start` in the cap's direction (each rim edge a → b of its face is b → a in
// the cap), or empty when the rim is not one simple loop through it.
std::vector<int> cap_loop(const std::map<int, int>& cap_next, int start) {
  std::vector<int> loop{start};
  for (int v = cap_next.at(start); v != start; v = cap_next.at(v)) {
    if (loop.size() > cap_next.size() || cap_next.count(v) == 0) return {};
    loop.push_back(v);
  }
  return loop;
}

// Ear clipping of the loop projected on its plane (Newell's normal n): a corner is an ear when it turns
// the loop's way about n and no other corner lies in its triangle. False when no ear is left (a loop that
// crosses itself in projection); the triangles cut so far stay in `out`.
bool clip_ears(const TriangleMesh& mesh, std::vector<int> loop, std::vector<Int3>& out) {
  Vec3 n{0.0, 0.0, 0.0};
  for (size_t i = 0; i < loop.size(); ++i)
    n += cross(mesh.vertices[size_t(loop[i])], mesh.vertices[size_t(loop[(i + 1) % loop.size()])]);
  const auto at = [&](size_t i) { return mesh.vertices[size_t(loop[i % loop.size()])]; };
  const auto turns = [&](Vec3 a, Vec3 b, Vec3 c) { return dot(cross(b - a, c - b), n); };
  while (loop.size() > 3) {
    bool clipped = false;
    for (size_t i = 0; i < loop.size() && !clipped; ++i) {
      const Vec3 a = at(i + loop.size() - 1), b = at(i), c = at(i + 1);
      if (turns(a, b, c) <= 0.0) continue;
      bool empty = true;
      for (size_t j = 0; j < loop.size() && empty; ++j) {
        const Vec3 p = at(j);
        if (j == i || (j + 1) % loop.size() == i || j == (i + 1) % loop.size()) continue;
        empty = !(turns(a, b, p) >= 0.0 && turns(b, c, p) >= 0.0 && turns(c, a, p) >= 0.0);
      }
      if (!empty) continue;
      out.push_back({loop[(i + loop.size() - 1) % loop.size()], loop[i], loop[(i + 1) % loop.size()]});
      loop.erase(loop.begin() + long(i));
      clipped = true;
    }
    if (!clipped) return false;
  }
  out.push_back({loop[0], loop[1], loop[2]});
  return true;
}

}  // namespace

ClosedHoles close_holes(TriangleMesh& mesh) {
  const std::vector<int> rims = rim_slots(mesh);
  std::vector<int> parent(mesh.vertices.size());
  std::iota(parent.begin(), parent.end(), 0);
  for (const int slot : rims)
    parent[size_t(group_root(parent, edge_start(mesh, slot)))] = group_root(parent, edge_end(mesh, slot));
  std::map<int, std::map<int, int>> cap_next;  // per hole (its root): each rim vertex's successor in the cap
  std::map<int, int> repeated;                 // per hole: rim vertices starting two or more of its edges
  for (const int slot : rims) {
    const int a = edge_start(mesh, slot), b = edge_end(mesh, slot);
    std::map<int, int>& next = cap_next[group_root(parent, a)];
    repeated[group_root(parent, a)] += next.count(b);
    next[b] = a;
  }
  ClosedHoles closed;
  for (const auto& [root, next] : cap_next) {
    ++closed.holes;
    closed.rim_edges += int(next.size());
    const std::vector<int> loop =
        repeated[root] == 0 ? cap_loop(next, next.begin()->first) : std::vector<int>{};
    std::vector<Int3> cap;
    if (loop.size() == next.size() && clip_ears(mesh, loop, cap)) {
      mesh.triangles.insert(mesh.triangles.end(), cap.begin(), cap.end());
      continue;
    }
    // A rim that is not one simple loop, or crosses itself seen along its normal: a fan from its centroid.
    Vec3 sum{0.0, 0.0, 0.0};
    for (const auto& [b, a] : next) sum += mesh.vertices[size_t(a)];
    const int centre = int(mesh.vertices.size());
    mesh.vertices.push_back((1.0 / Real(next.size())) * sum);
    for (const auto& [b, a] : next) mesh.triangles.push_back({b, a, centre});
  }
  return closed;
}

}  // namespace SIM_PRECISION
}  // namespace sim
