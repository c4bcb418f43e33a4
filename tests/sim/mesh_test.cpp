// Mesh queries under the SDF build: closest point and feature on a triangle, the BVH search against
// every triangle, pseudo-normals, the test meshes themselves, the mesh hash and the removal of unused
// vertices.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "mesh/bvh.h"
#include "mesh/closest_point.h"
#include "mesh/pseudo_normals.h"
#include "mesh_fixtures.h"
#include "test_util.h"

namespace sim {
namespace {

const Vec3 kA{0, 0, 0}, kB{2, 0, 0}, kC{0, 2, 0};

TriangleFeature feature_at(Vec3 p) { return closest_point_on_triangle(p, kA, kB, kC).feature; }

TEST(MeshClosestPoint, FindsEveryFeature) {
  EXPECT_EQ(feature_at({0.5, 0.5, 1.0}), TriangleFeature::Face);
  EXPECT_EQ(feature_at({1.0, -1.0, 0.3}), TriangleFeature::Edge0);
  EXPECT_EQ(feature_at({1.5, 1.5, -0.2}), TriangleFeature::Edge1);
  EXPECT_EQ(feature_at({-1.0, 1.0, 0.0}), TriangleFeature::Edge2);
  EXPECT_EQ(feature_at({-1.0, -1.0, 0.5}), TriangleFeature::Vertex0);
  EXPECT_EQ(feature_at({3.0, -0.5, 0.0}), TriangleFeature::Vertex1);
  EXPECT_EQ(feature_at({-0.5, 3.0, 2.0}), TriangleFeature::Vertex2);
  const TrianglePoint on_bc = closest_point_on_triangle({1.5, 1.5, -0.2}, kA, kB, kC);
  EXPECT_NEAR(on_bc.point.x, 1.0, 1e-12);
  EXPECT_NEAR(on_bc.point.y, 1.0, 1e-12);
  EXPECT_NEAR(on_bc.point.z, 0.0, 1e-12);
}

// No point of the triangle (sampled on a fine barycentric lattice) is nearer than the answer.
TEST(MeshClosestPoint, NoSampleOfTheTriangleIsNearer) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<Real> u(-2.0, 4.0);
  const Vec3 a{0.1, -0.3, 0.2}, b{1.7, 0.4, -0.5}, c{0.3, 1.9, 0.8};
  for (int n = 0; n < 200; ++n) {
    const Vec3 p{u(rng), u(rng), u(rng)};
    const Real d = length(p - closest_point_on_triangle(p, a, b, c).point);
    Real nearest_sample = 1e30;
    for (int i = 0; i <= 60; ++i) {
      for (int j = 0; i + j <= 60; ++j) {
        const Vec3 s = a + (i / 60.0) * (b - a) + (j / 60.0) * (c - a);
        nearest_sample = std::min(nearest_sample, length(p - s));
      }
    }
    EXPECT_LE(d,
              nearest_sample + test::by_precision(1e-12, 1e-6));  // float: lengths of order 1 round at 6e-8
    EXPECT_GT(d, nearest_sample - 0.05);  // the lattice spacing bounds how much nearer the answer can be
  }
}

// From 1e29 m away a unit triangle's region tests cancel to zero; Ericson's denominators built from them
// gave 0/0, a NaN distance and no closest triangle at all (found by fuzz/obj_fuzzer.cpp: a 1e30 vertex).
// The answer must stay finite and as far as the triangle's own corners, to double precision.
TEST(MeshClosestPoint, StaysFiniteFarBeyondTheTrianglesSize) {
  const Vec3 b{1, 0, 0}, c{0, 1, 0}, d{0, 0, 1};
  for (const Vec3 p : {Vec3{-5e29, -5e29, -3.75e29}, Vec3{3e29, 1e-3, 2e29}, Vec3{0.5, 0.5, 1e35},
                       Vec3{-1e30, 0.0, 0.0}, Vec3{2e30, 3e30, -1e30}}) {
    const TrianglePoint on = closest_point_on_triangle(p, b, c, d);
    ASSERT_TRUE(is_finite(on.point)) << p.x << " " << p.y << " " << p.z;
    const Real corners = std::min({length(p - b), length(p - c), length(p - d)});
    EXPECT_LE(length(p - on.point), corners * (1 + 1e-12));
    EXPECT_GE(length(p - on.point), corners * (1 - 1e-6));  // no point of a unit triangle is 1e-6 nearer
  }
}

TEST(MeshBvh, ClosestTriangleMatchesEveryTriangle) {
  const TriangleMesh mesh = test::icosphere(3, 1.0);
  const TriangleBvh bvh = build_triangle_bvh(mesh);
  EXPECT_EQ(bvh.triangles.size(), mesh.triangles.size());
  std::mt19937 rng(5);
  std::uniform_real_distribution<Real> u(-2.0, 2.0);
  for (int n = 0; n < 300; ++n) {
    const Vec3 p{u(rng), u(rng), u(rng)};
    Real brute = 1e30;
    for (int t = 0; t < int(mesh.triangles.size()); ++t)
      brute = std::min(brute, hit_on_triangle(mesh, t, p).distance2);
    EXPECT_DOUBLE_EQ(closest_triangle(bvh, p).distance2, brute);
    // A seed that is not the answer does not hide the answer.
    EXPECT_DOUBLE_EQ(closest_triangle(bvh, p, hit_on_triangle(mesh, n % 1280, p)).distance2, brute);
  }
}

TEST(MeshBvh, LeavesOutTrianglesWithoutArea) {
  TriangleMesh mesh = test::unit_cube();
  mesh.triangles.push_back({0, 0, 1});
  EXPECT_EQ(build_triangle_bvh(mesh).triangles.size(), 12u);
  EXPECT_TRUE(build_triangle_bvh(TriangleMesh{{{0, 0, 0}}, {{0, 0, 0}}}).nodes.empty());
}

TEST(MeshPseudoNormals, PointOutwardOnASphere) {
  const TriangleMesh mesh = test::icosphere(2, 1.0);
  const PseudoNormals n = compute_pseudo_normals(mesh);
  for (size_t v = 0; v < mesh.vertices.size(); ++v) {
    EXPECT_GT(dot(n.vertex[v], mesh.vertices[v]) / length(n.vertex[v]), 0.99);
    // Σ angles at a convex vertex falls short of 2π by its angle defect; all defects add up to 4π.
    EXPECT_LT(length(n.vertex[v]), 2.0 * M_PI);
    EXPECT_GT(length(n.vertex[v]), 2.0 * M_PI - 0.2);
  }
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    for (int e = 0; e < 3; ++e) EXPECT_NEAR(length(n.edge[3 * t + size_t(e)]), 2.0, 0.05);  // two faces each
  }
}

TEST(MeshFixtures, AreClosedAndOutward) {
  EXPECT_NEAR(enclosed_volume(test::unit_cube()), 1.0, 1e-12);
  const TriangleMesh sphere = test::icosphere(3, 0.5);
  EXPECT_EQ(sphere.triangles.size(), 1280u);
  EXPECT_EQ(sphere.vertices.size(), 642u);
  EXPECT_NEAR(enclosed_volume(sphere), 4.0 / 3.0 * M_PI * 0.125, 0.02);
}

TEST(MeshHash, FollowsTheContent) {
  const TriangleMesh cube = test::unit_cube();
  EXPECT_EQ(mesh_hash(cube), mesh_hash(test::unit_cube()));
  TriangleMesh moved = cube;
  moved.vertices[5].z = std::nextafter(moved.vertices[5].z, Real(2.0));  // one ulp, in either build
  EXPECT_NE(mesh_hash(moved), mesh_hash(cube));
  TriangleMesh renumbered = cube;
  std::swap(renumbered.triangles[0].a, renumbered.triangles[0].b);
  EXPECT_NE(mesh_hash(renumbered), mesh_hash(cube));
  const MeshBounds b = mesh_bounds(cube);
  EXPECT_EQ(b.lo.x, 0.0);
  EXPECT_EQ(b.hi.z, 1.0);
}

TEST(MeshDropUnusedVertices, RenumbersTheTrianglesOverTheVerticesLeft) {
  const TriangleMesh cube = test::unit_cube();
  TriangleMesh padded;
  for (const Vec3& v : cube.vertices) padded.vertices.insert(padded.vertices.end(), {{9.0, 9.0, 9.0}, v});
  for (const Int3& t : cube.triangles) padded.triangles.push_back({2 * t.a + 1, 2 * t.b + 1, 2 * t.c + 1});
  drop_unused_vertices(padded);
  ASSERT_EQ(padded.vertices.size(), cube.vertices.size());
  EXPECT_EQ(mesh_hash(padded), mesh_hash(cube));
}

}  // namespace
}  // namespace sim
