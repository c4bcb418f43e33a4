// Parts of a collider mesh far from the rest (issue 41 item 4): a unit cube beside a closed tetrahedron at
// (1000, 1000, 1000), or beside one far triangle, keeps the cube and says what was left out; two equal
// parts far apart are refused; parts near each other are all kept.
#include "mesh/far_parts.h"

#include <gtest/gtest.h>

#include "mesh/obj_loader.h"
#include "mesh_fixtures.h"

namespace sim {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

bool same(Vec3 a, Vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

// `extra` appended to `mesh`, moved by `offset`.
TriangleMesh with(TriangleMesh mesh, const TriangleMesh& extra, Vec3 offset) {
  const int base = int(mesh.vertices.size());
  for (const Vec3& v : extra.vertices) mesh.vertices.push_back(v + offset);
  for (const Int3& t : extra.triangles) mesh.triangles.push_back({t.a + base, t.b + base, t.c + base});
  return mesh;
}

TriangleMesh tetrahedron() {
  TriangleMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  m.triangles = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  return m;
}

TriangleMesh triangle() {
  TriangleMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m.triangles = {{0, 1, 2}};
  return m;
}

void expect_only_the_cube(const TriangleMesh& m) {
  const TriangleMesh cube = test::unit_cube();
  EXPECT_EQ(m.triangles.size(), cube.triangles.size());
  ASSERT_EQ(m.vertices.size(), cube.vertices.size());
  const MeshBounds b = mesh_bounds(m);
  EXPECT_TRUE(same(b.lo, {0, 0, 0}));
  EXPECT_TRUE(same(b.hi, {1, 1, 1}));
}

TEST(FarParts, TetrahedronFarFromACubeIsLeftOutWithANote) {
  TriangleMesh m = with(test::unit_cube(), tetrahedron(), {1000, 1000, 1000});
  const std::optional<std::string> note = drop_far_parts(m, "two.obj");
  ASSERT_TRUE(note);
  EXPECT_TRUE(
      contains(*note, "two.obj: left out of the collider: 1 part holding 4 of its 16 triangles, 1.73e+03"))
      << *note;
  EXPECT_TRUE(contains(*note, "the collider is the largest connected part")) << *note;
  expect_only_the_cube(m);
}

TEST(FarParts, OneFarTriangleIsLeftOutWithANote) {
  TriangleMesh m = with(test::unit_cube(), triangle(), {0, 0, 50});
  const std::optional<std::string> note = drop_far_parts(m, "one.obj");
  ASSERT_TRUE(note);
  EXPECT_TRUE(contains(*note, "1 part holding 1 of its 13 triangles, 49 or more away")) << *note;
  expect_only_the_cube(m);
}

TEST(FarParts, TwoEqualPartsFarApartAreRefused) {
  TriangleMesh m = with(test::unit_cube(), test::unit_cube(), {1000, 0, 0});
  try {
    drop_far_parts(m, "pair.obj");
    FAIL() << "two equal far parts were accepted";
  } catch (const MeshError& e) {
    EXPECT_TRUE(contains(e.what(), "pair.obj: its parts lie far apart and none dominates"))
        << e.what();
  }
}

// Within its size of the main group a part joins it, and parts chained that way are all kept.
TEST(FarParts, NearPartsAreKept) {
  TriangleMesh m = with(with(test::unit_cube(), tetrahedron(), {1.9, 0, 0}), tetrahedron(), {3.8, 0, 0});
  const TriangleMesh before = m;
  EXPECT_FALSE(drop_far_parts(m, "near.obj"));
  EXPECT_EQ(m.triangles.size(), before.triangles.size());
  EXPECT_EQ(m.vertices.size(), before.vertices.size());
}

// Vertices no face uses are not the rule's business: they stay for mesh_quality's stray-vertex note.
TEST(FarParts, UnusedVerticesStay) {
  TriangleMesh m = with(test::unit_cube(), tetrahedron(), {1000, 1000, 1000});
  m.vertices.push_back({-500, 0, 0});
  ASSERT_TRUE(drop_far_parts(m, "stray.obj"));
  EXPECT_EQ(m.vertices.size(), 9u);
  EXPECT_TRUE(same(m.vertices.back(), {-500, 0, 0}));
}

}  // namespace
}  // namespace sim
