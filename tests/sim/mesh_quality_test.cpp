// assess_mesh, mesh_warnings and sdf_refusal: a closed mesh passes silently; holes, non-manifold and
// flipped edges, far vertices and unused ones outside the mesh are each warned of in one line; flat,
// outlier-dominated and inside-out meshes are refused; the Stanford bunny's own holes are found.
#include "mesh/mesh_quality.h"

#include <gtest/gtest.h>

#include "mesh/obj_loader.h"
#include "mesh_fixtures.h"
#include "need_asset.h"

namespace sim {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::vector<std::string> warnings_of(const TriangleMesh& m, int resolution = 128) {
  return mesh_warnings(m, assess_mesh(m), resolution);
}

std::string refusal_of(const TriangleMesh& m, int resolution = 128) {
  return sdf_refusal(m, assess_mesh(m), resolution).value_or("");
}

// The cube without the two triangles of its face y = `y` (0 or 1).
TriangleMesh cube_without_face(int y) {
  TriangleMesh m = test::unit_cube();
  m.triangles.erase(m.triangles.begin() + (y == 0 ? 4 : 6), m.triangles.begin() + (y == 0 ? 6 : 8));
  return m;
}

TEST(MeshQuality, ClosedMeshesPassSilently) {
  for (const TriangleMesh& m : {test::unit_cube(), test::icosphere(3, 0.5)}) {
    const MeshQuality q = assess_mesh(m);
    EXPECT_TRUE(is_closed(q));
    EXPECT_EQ(q.holes, 0);
    EXPECT_GT(q.volume, 0.0);
    EXPECT_NEAR(bounds_spread(q), 1.0, 0.05);
    EXPECT_TRUE(warnings_of(m).empty());
    EXPECT_EQ(refusal_of(m), "");
  }
}

TEST(MeshQuality, OpenMeshIsWarnedOfWithItsHolesAndTheirHeight) {
  const MeshQuality top = assess_mesh(cube_without_face(1));
  EXPECT_EQ(top.rim_edges, 4);
  EXPECT_EQ(top.holes, 1);
  EXPECT_EQ(top.highest_rim, 1.0);
  const std::vector<std::string> w = warnings_of(cube_without_face(0));
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0],
            "the mesh is open: 1 hole (4 edges on the rims, none above 0% of its height): "
            "the SDF sign near them is unreliable");
  EXPECT_EQ(refusal_of(cube_without_face(0)), "");  // warned of, not refused

  TriangleMesh two = test::icosphere(2, 0.5);
  two.triangles.erase(two.triangles.begin() + 200);
  two.triangles.erase(two.triangles.begin());
  EXPECT_EQ(assess_mesh(two).holes, 2);
  EXPECT_EQ(assess_mesh(two).rim_edges, 6);
}

TEST(MeshQuality, NonManifoldEdgeIsWarnedOf) {
  TriangleMesh m = test::unit_cube();
  m.vertices.push_back({0.5, 0.5, -1.0});
  m.triangles.push_back({0, 2, 8});  // a fin on the cube's edge from vertex 0 to 2
  const MeshQuality q = assess_mesh(m);
  EXPECT_EQ(q.non_manifold_edges, 1);
  EXPECT_EQ(q.rim_edges, 2);
  const std::vector<std::string> w = warnings_of(m);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_TRUE(contains(w[1], "1 edge shared by more than two faces (non-manifold)")) << w[1];
}

TEST(MeshQuality, FlippedTriangleIsWarnedOf) {
  TriangleMesh m = test::icosphere(1, 0.5);
  std::swap(m.triangles[3].a, m.triangles[3].b);
  EXPECT_EQ(assess_mesh(m).flipped_edges, 3);
  const std::vector<std::string> w = warnings_of(m);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(contains(w[0], "3 edges joining two faces that run it the same way")) << w[0];
}

TEST(MeshQuality, TrianglesWithARepeatedVertexDoNotCount) {
  TriangleMesh m = test::unit_cube();
  m.triangles.push_back({0, 0, 2});
  EXPECT_TRUE(is_closed(assess_mesh(m)));
}

TEST(MeshQuality, InsideOutMeshIsRefused) {
  TriangleMesh m = test::icosphere(1, 0.5);
  for (Int3& t : m.triangles) std::swap(t.a, t.b);
  EXPECT_TRUE(contains(refusal_of(m), "its faces point inward")) << refusal_of(m);
}

TEST(MeshQuality, FlatMeshesAreRefused) {
  TriangleMesh triangle;
  triangle.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  triangle.triangles = {{0, 1, 2}};
  EXPECT_TRUE(contains(refusal_of(triangle), "the mesh is flat")) << refusal_of(triangle);
  // A tilted, finely triangulated square: flat up to rounding on every axis.
  TriangleMesh square;
  const Vec3 u = Vec3{1.0, 0.3, 0.2}, v = Vec3{-0.1, 0.7, 0.9};
  for (int j = 0; j < 10; ++j)
    for (int i = 0; i < 10; ++i)
      square.vertices.push_back((i / 9.0) * u + (j / 9.0) * v + Vec3{3.0, -2.0, 7.0});
  for (int j = 0; j < 9; ++j)
    for (int i = 0; i < 9; ++i) {
      const int a = 10 * j + i;
      square.triangles.insert(square.triangles.end(), {{a, a + 1, a + 11}, {a, a + 11, a + 10}});
    }
  EXPECT_TRUE(contains(refusal_of(square), "has no inside")) << refusal_of(square);
  // Thin but closed is not flat.
  TriangleMesh plate = test::unit_cube();
  for (Vec3& p : plate.vertices) p.y *= 1e-3;
  EXPECT_EQ(refusal_of(plate), "");
}

TEST(MeshQuality, FarVertexIsWarnedOfAndRefusedWhenItLeavesTheMeshTooFewCells) {
  TriangleMesh m = test::icosphere(3, 0.5);  // 642 vertices, 1 m across
  m.vertices[100] = {3.0, 0.0, 0.0};
  const MeshQuality q = assess_mesh(m);
  EXPECT_EQ(q.farthest_outlier, 100);
  EXPECT_GT(bounds_spread(q), 3.0);
  const std::vector<std::string> w = warnings_of(m);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(contains(w[0], "a few far vertices dominate its bounds (the farthest: vertex 101 at ("))
      << w[0];
  EXPECT_EQ(refusal_of(m, 128), "");
  EXPECT_TRUE(contains(refusal_of(m, 16), "vertex 101 at (")) << refusal_of(m, 16);

  m.vertices[100] = {1e30, 0.0, 0.0};
  EXPECT_TRUE(contains(refusal_of(m),
                       "lies far outside the rest of the mesh, which spans 0.988: a signed distance "
                       "field of 128 cells reaching it would give the mesh 1.26e-28 cells"))
      << refusal_of(m);
}

// In a mesh too small for percentiles to leave anything out, a far vertex that only a zero-area face
// reaches still stretches the grid over nothing (found by fuzz/obj_fuzzer.cpp; its input is a seed now).
TEST(MeshQuality, FarVertexOnOnlyAZeroAreaFaceIsRefusedInASmallMesh) {
  const TriangleMesh m = load_obj_text(
      "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 1e30 0 0\n"
      "f 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\nf 1 2 5\n",
      "tetrahedron with a spike");
  EXPECT_EQ(assess_mesh(m).farthest_outlier, 4);
  EXPECT_TRUE(contains(refusal_of(m), "vertex 5 at (1e+30, 0, 0) lies far outside the rest of the mesh"))
      << refusal_of(m);
}

TEST(MeshQuality, UnusedVertexOutsideTheMeshIsWarnedOf) {
  TriangleMesh m = test::unit_cube();
  m.vertices.push_back({0.5, 0.5, 0.5});  // inside: harmless, not mentioned
  EXPECT_TRUE(warnings_of(m).empty());
  m.vertices.push_back({1e30, 0.0, 0.0});
  const MeshQuality q = assess_mesh(m);
  EXPECT_EQ(q.stray_vertices, 1);
  EXPECT_EQ(q.bounds.hi.x, 1.0);  // only the vertices faces use
  const std::vector<std::string> w = warnings_of(m);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(
      w[0],
      "left out: 1 vertex that no face uses, outside the mesh (the farthest: vertex 10 at (1e+30, 0, 0))");
  EXPECT_EQ(refusal_of(m), "");
}

// The scan has holes in its underside (measured: 5 holes, 223 rim edges, the highest rim 17% of its
// height up, at the back), is otherwise manifold and consistently oriented, and has no far vertices.
TEST(MeshQuality, StanfordBunnyIsOpenInItsUndersideOnly) {
  const std::optional<std::string> path = test::bunny_path();
  SMALLSTEPS_NEED_ASSET(path, "stanford-bunny.obj");
  const TriangleMesh bunny = load_obj(*path);
  const MeshQuality q = assess_mesh(bunny);
  EXPECT_EQ(q.holes, 5);
  EXPECT_EQ(q.rim_edges, 223);
  EXPECT_NEAR(q.highest_rim, 0.17, 0.01);
  EXPECT_EQ(q.non_manifold_edges, 0);
  EXPECT_EQ(q.flipped_edges, 0);
  EXPECT_EQ(q.stray_vertices, 0);
  EXPECT_LT(bounds_spread(q), 1.1);
  EXPECT_GT(q.volume, 0.0);
  const std::vector<std::string> w = mesh_warnings(bunny, q, 128);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(contains(w[0], "the mesh is open: 5 holes")) << w[0];
  EXPECT_FALSE(sdf_refusal(bunny, q, 16).has_value());
}

}  // namespace
}  // namespace sim
