// The connected parts of a mesh, grouped by nearness, and the rule of far_parts.h.
#include "mesh/far_parts.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <vector>

#include "mesh/obj_loader.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

struct Part {
  MeshBounds bounds;
  int triangles = 0;
  bool main = false;  // in the main group
};

int root(std::vector<int>& parent, int v) {
  while (parent[size_t(v)] != v) v = parent[size_t(v)] = parent[size_t(parent[size_t(v)])];
  return v;
}

// Distance between two boxes (0 when they touch or overlap).
Real gap(const MeshBounds& a, const MeshBounds& b) {
  const Vec3 d = max3(max3(a.lo - b.hi, b.lo - a.hi), Vec3{0.0, 0.0, 0.0});
  return length(d);
}

Real size_of(const MeshBounds& b) {
  const Vec3 e = b.hi - b.lo;
  return std::max({e.x, e.y, e.z});
}

MeshBounds joined(const MeshBounds& a, const MeshBounds& b) { return {min3(a.lo, b.lo), max3(a.hi, b.hi)}; }

// The connected parts, and each triangle's part in `part_of_triangle`.
std::vector<Part> connected_parts(const TriangleMesh& mesh, std::vector<int>& part_of_triangle) {
  std::vector<int> parent(mesh.vertices.size());
  std::iota(parent.begin(), parent.end(), 0);
  for (const Int3& t : mesh.triangles) {
    parent[size_t(root(parent, t.b))] = root(parent, t.a);
    parent[size_t(root(parent, t.c))] = root(parent, t.a);
  }
  std::vector<int> part_of_root(mesh.vertices.size(), -1);
  std::vector<Part> parts;
  for (const Int3& t : mesh.triangles) {
    int& p = part_of_root[size_t(root(parent, t.a))];
    const Vec3 a = mesh.vertices[size_t(t.a)];
    if (p < 0) {
      p = int(parts.size());
      parts.push_back({{a, a}, 0, false});
    }
    Part& part = parts[size_t(p)];
    for (const int v : {t.b, t.c}) {
      const Vec3 x = mesh.vertices[size_t(v)];
      part.bounds = joined(part.bounds, {x, x});
    }
    ++part.triangles;
    part_of_triangle.push_back(p);
  }
  return parts;
}

// Marks the main group (Part::main); returns its bounds.
MeshBounds group_main(std::vector<Part>& parts) {
  const auto largest = std::max_element(
      parts.begin(), parts.end(), [](const Part& a, const Part& b) { return a.triangles < b.triangles; });
  largest->main = true;
  MeshBounds group = largest->bounds;
  for (bool grew = true; grew;) {
    grew = false;
    for (Part& p : parts) {
      if (p.main || gap(p.bounds, group) > size_of(group)) continue;
      p.main = grew = true;
      group = joined(group, p.bounds);
    }
  }
  return group;
}

// Keeps the triangles of the main group and removes the vertices only the others use.
void keep_main(TriangleMesh& mesh, const std::vector<Part>& parts, const std::vector<int>& part_of_triangle) {
  std::vector<bool> used_by_main(mesh.vertices.size(), false), used_by_far(mesh.vertices.size(), false);
  std::vector<Int3> kept;
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    const Int3 c = mesh.triangles[t];
    const bool main = parts[size_t(part_of_triangle[t])].main;
    std::vector<bool>& used = main ? used_by_main : used_by_far;
    used[size_t(c.a)] = used[size_t(c.b)] = used[size_t(c.c)] = true;
    if (main) kept.push_back(c);
  }
  mesh.triangles = std::move(kept);
  std::vector<bool> remove(mesh.vertices.size());
  for (size_t v = 0; v < remove.size(); ++v) remove[v] = used_by_far[v] && !used_by_main[v];
  remove_vertices(mesh, remove);
}

std::string number(Real v) {
  std::ostringstream out;
  out.precision(3);
  out << v;
  return out.str();
}

}  // namespace

std::optional<std::string> drop_far_parts(TriangleMesh& mesh, const std::string& origin) {
  std::vector<int> part_of_triangle;
  std::vector<Part> parts = connected_parts(mesh, part_of_triangle);
  if (parts.empty()) return std::nullopt;
  const MeshBounds group = group_main(parts);
  int far_parts = 0, far_triangles = 0;
  Real nearest = INFINITY;
  for (const Part& p : parts) {
    if (p.main) continue;
    ++far_parts;
    far_triangles += p.triangles;
    nearest = std::min(nearest, gap(p.bounds, group));
  }
  if (far_parts == 0) return std::nullopt;
  const int total = int(mesh.triangles.size());
  const std::string what = std::to_string(far_parts) + (far_parts == 1 ? " part" : " parts") + " holding " +
                           std::to_string(far_triangles) + " of its " + std::to_string(total) +
                           " triangles, " + number(nearest) + " or more away from the rest, which is " +
                           number(size_of(group)) + " in size";
  if (2 * far_triangles >= total)
    throw MeshError(origin +
                    ": its parts lie far apart and none dominates (the largest, with the parts near it, "
                    "holds half of the triangles or fewer): " +
                    what + " (a field of either would leave the other out)");
  keep_main(mesh, parts, part_of_triangle);
  return origin + ": left out of the collider: " + what +
         " (the collider is the largest connected part and the parts near it)";
}

}  // namespace SIM_PRECISION
}  // namespace sim
