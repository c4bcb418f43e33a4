// A triangle mesh with shared vertices (what load_obj returns and build_sdf consumes), its bounding box,
// enclosed volume, the removal of vertices no triangle uses, and a content hash that names data derived
// from it, such as a cached SDF.
#pragma once

#include <cstdint>
#include <vector>

#include "core/index.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

struct TriangleMesh {
  std::vector<Vec3> vertices;   // [m]
  std::vector<Int3> triangles;  // vertex indices, counter-clockwise seen from outside
};

struct MeshBounds {
  Vec3 lo, hi;  // [m] smallest and largest vertex coordinate per axis
};

struct TriangleCorners {
  Vec3 a, b, c;  // [m] vertices 0, 1, 2 of a triangle
};

// Vertex index at corner 0, 1 or 2 of triangle t.
inline int corner_vertex(const Int3& t, int corner) { return corner == 0 ? t.a : (corner == 1 ? t.b : t.c); }

inline TriangleCorners triangle_corners(const TriangleMesh& mesh, int t) {
  const Int3 v = mesh.triangles[size_t(t)];
  return {mesh.vertices[size_t(v.a)], mesh.vertices[size_t(v.b)], mesh.vertices[size_t(v.c)]};
}

// (b − a) × (c − a) [m²]: the outward normal scaled by twice the area; zero for a degenerate triangle.
inline Vec3 area_normal(const TriangleCorners& t) { return cross(t.b - t.a, t.c - t.a); }

inline bool has_area(const TriangleCorners& t) { return length_squared(area_normal(t)) > 0.0; }

bool any_triangle_has_area(const TriangleMesh& mesh);

// Bounds of all vertices; all zero for a mesh without vertices.
MeshBounds vertex_bounds(const std::vector<Vec3>& vertices);
inline MeshBounds mesh_bounds(const TriangleMesh& mesh) { return vertex_bounds(mesh.vertices); }

// Signed volume [m³] by the divergence theorem, Σ a·(b × c)/6 over the triangles: the enclosed volume of a
// closed mesh whose triangles face outward, negative when they all face inward. Summed in double in either
// build: away from the origin each term is large beside what it adds (in float the bunny moved 3 m from the
// origin lost 2.5e-3 of its volume).
double enclosed_volume(const TriangleMesh& mesh);

// Removes the vertices that no triangle uses, renumbering the triangles; the others keep their order.
void drop_unused_vertices(TriangleMesh& mesh);
// Removes the vertices marked in `remove` (one flag per vertex; no triangle may use them) the same way.
void remove_vertices(TriangleMesh& mesh, const std::vector<bool>& remove);

// FNV-1a (64-bit) over the vertex and triangle counts and the raw bytes of both arrays.
uint64_t mesh_hash(const TriangleMesh& mesh);

}  // namespace SIM_PRECISION
}  // namespace sim
