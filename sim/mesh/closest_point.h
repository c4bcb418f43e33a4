// Closest point on a triangle to a query point, and the feature (face, edge or vertex) it lies on, by
// the Voronoi-region tests of Ericson, "Real-Time Collision Detection" (2005) §5.1.5: the vertex, edge
// and face regions are tested in turn with dot products of the edge vectors, and the point is projected
// onto the first region that contains it. MeshHit is the same answer for a mesh: which triangle.
#pragma once

#include <cstdint>
#include <limits>

#include "core/vec3.h"
#include "mesh/triangle_mesh.h"

namespace sim {
inline namespace SIM_PRECISION {

// Edge e runs from vertex e to vertex (e + 1) mod 3: Edge0 = ab, Edge1 = bc, Edge2 = ca.
enum class TriangleFeature : uint8_t { Face, Edge0, Edge1, Edge2, Vertex0, Vertex1, Vertex2 };

struct TrianglePoint {
  Vec3 point;  // [m]
  TriangleFeature feature;
};

// The triangle a, b, c must have a non-zero area (see has_area); every division below is then by a
// squared edge length or by |(b − a) × (c − a)|², both positive. Ericson writes these denominators as
// differences and sums of the region tests' dot products (d1 − d3 = |ab|², va + vb + vc = |ab × ac|²);
// from a point many orders of magnitude farther away than the triangle is large, those cancel to zero
// in floating point and gave 0/0 (found by fuzz/obj_fuzzer.cpp), so they are computed directly here.
inline TrianglePoint closest_point_on_triangle(Vec3 p, Vec3 a, Vec3 b, Vec3 c) {
  const Vec3 ab = b - a, ac = c - a, ap = p - a;
  const Real d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0.0 && d2 <= 0.0) return {a, TriangleFeature::Vertex0};

  const Vec3 bp = p - b;
  const Real d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0.0 && d4 <= d3) return {b, TriangleFeature::Vertex1};

  // Barycentric weight of c, times the squared double area: ≤ 0 means p projects outside edge ab.
  const Real vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0)
    return {a + (d1 / length_squared(ab)) * ab, TriangleFeature::Edge0};

  const Vec3 cp = p - c;
  const Real d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0.0 && d5 <= d6) return {c, TriangleFeature::Vertex2};

  const Real vb = d5 * d2 - d1 * d6;  // weight of b: ≤ 0 outside edge ca
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0)
    return {a + (d2 / length_squared(ac)) * ac, TriangleFeature::Edge2};

  const Real va = d3 * d6 - d5 * d4;  // weight of a: ≤ 0 outside edge bc
  const Real along_bc = d4 - d3, to_c = d5 - d6;
  if (va <= 0.0 && along_bc >= 0.0 && to_c >= 0.0) {
    return {b + (along_bc / length_squared(c - b)) * (c - b), TriangleFeature::Edge1};
  }

  const Real area2 = length_squared(cross(ab, ac));  // = va + vb + vc
  return {a + (vb / area2) * ab + (vc / area2) * ac, TriangleFeature::Face};
}

struct MeshHit {
  int triangle = -1;  // -1: none yet
  TrianglePoint on{};
  Real distance2 = std::numeric_limits<Real>::infinity();  // |p − on.point|² [m²]
};

// Triangle t, whose corners are c, as the answer for p.
inline MeshHit hit_on_triangle(int t, const TriangleCorners& c, Vec3 p) {
  const TrianglePoint on = closest_point_on_triangle(p, c.a, c.b, c.c);
  return {t, on, length_squared(p - on.point)};
}

inline MeshHit hit_on_triangle(const TriangleMesh& mesh, int t, Vec3 p) {
  return hit_on_triangle(t, triangle_corners(mesh, t), p);
}

}  // namespace SIM_PRECISION
}  // namespace sim
