// The collider shapes of the cloth scenes: the analytic sphere's field, the bunny's fallback to it with a
// note that names the problem when the OBJ is missing, broken or cannot give a field (flat, dominated by a
// far vertex, random bytes), and the notes that say what makes a loaded mesh's field less trustworthy
// (never a silent failure). Open meshes, the real bunny among them, are closed without a note. Parts far
// from the rest are left out with a note, or, when none dominates, the file falls back; a directory under
// the file's name is refused.
#include "scenes/collider_shape.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "mesh/mesh_quality.h"
#include "mesh_fixtures.h"
#include "test_util.h"
#include "need_asset.h"

namespace sim {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// bunny_shape for a file holding `text`; `path` receives the file's path.
ColliderShape shape_from(const std::string& text, std::string& path) {
  path = test::write_file(test::test_folder() / "shape.obj", text);
  return bunny_shape({path, {path}}, 32);
}

// The sphere, with a single note naming the file, the problem and the fallback.
void expect_sphere_because(const ColliderShape& s, const std::string& path, const std::string& problem) {
  ASSERT_EQ(s.notes.size(), 1u);
  EXPECT_TRUE(contains(s.notes[0], path)) << s.notes[0];
  EXPECT_TRUE(contains(s.notes[0], problem)) << s.notes[0];
  EXPECT_TRUE(contains(s.notes[0], "Using a sphere collider instead")) << s.notes[0];
  EXPECT_NEAR(sample_sdf(s.sdf.view(), {0.0, 0.5, 0.0}).phi, -0.5, 0.02);
}

TEST(ColliderShape, SphereFieldIsTheExactDistance) {
  const ColliderShape s = sphere_shape(32);
  EXPECT_TRUE(s.notes.empty());
  const SdfGridView g = s.sdf.view();
  for (const Vec3 p :
       {Vec3{0.0, 0.5, 0.0}, Vec3{0.3, 0.9, -0.2}, Vec3{0.5, 0.5, 0.5}, Vec3{-0.6, 0.1, 0.0}}) {
    const Real exact = length(p - Vec3{0.0, 0.5, 0.0}) - 0.5;
    EXPECT_NEAR(sample_sdf(g, p).phi, exact, 0.5 * g.cell)
        << "at (" << p.x << ", " << p.y << ", " << p.z << ")";
  }
}

TEST(ColliderShape, MissingBunnyFallsBackToTheSphereAndSaysWhereItLooked) {
  const ColliderShape s = bunny_shape({"", {"/nowhere/a/stanford-bunny.obj"}}, 32);
  expect_sphere_because(s, "/nowhere/a/stanford-bunny.obj", "was not found");
}

TEST(ColliderShape, BrokenBunnyFileFallsBackWithTheLoadersMessage) {
  std::string path;
  const ColliderShape s = shape_from("v 0 0 0\nv 1 0 0\n", path);  // vertices, no faces
  expect_sphere_because(s, path, "no faces");
}

TEST(ColliderShape, RandomBytesFallBackAsNotAnObjFile) {
  std::mt19937 rng(3);
  std::string bytes(1000, '\0');
  for (char& c : bytes) c = char(rng() % 256);
  std::string path;
  expect_sphere_because(shape_from(bytes, path), path, "not a text OBJ file");
}

TEST(ColliderShape, FlatMeshFallsBack) {
  std::string path;
  expect_sphere_because(shape_from("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", path), path, "the mesh is flat");
}

TEST(ColliderShape, FarVertexOfAFaceFallsBack) {
  TriangleMesh m = test::icosphere(3, 0.5);
  m.vertices[7] = {1e30, 0.0, 0.0};
  std::string path;
  expect_sphere_because(shape_from(test::obj_text(m), path), path,
                        "vertex 8 at (1e+30, 0, 0) lies far outside");
}

TEST(ColliderShape, OpenMeshIsClosedWithoutANote) {
  TriangleMesh m = test::icosphere(3, 0.5);
  m.triangles.pop_back();
  std::string path;
  const ColliderShape s = shape_from(test::obj_text(m), path);
  EXPECT_TRUE(s.notes.empty()) << s.notes[0];
  EXPECT_EQ(s.mesh.triangles.size(), m.triangles.size() + 1);  // the missing triangle again
  EXPECT_TRUE(is_closed(assess_mesh(s.mesh)));
}

TEST(ColliderShape, UnusedFarVertexIsLeftOutWithANote) {
  TriangleMesh m = test::icosphere(3, 0.5);
  m.vertices.push_back({1e30, 0.0, 0.0});
  std::string path;
  const ColliderShape s = shape_from(test::obj_text(m), path);
  ASSERT_EQ(s.notes.size(), 1u);
  EXPECT_TRUE(contains(s.notes[0], "left out: 1 vertex that no face uses")) << s.notes[0];
  EXPECT_EQ(s.mesh.vertices.size(), m.vertices.size() - 1);
  EXPECT_NEAR(mesh_bounds(s.mesh).hi.x, 0.5, 1e-6);  // normalised: 1 tall, as wide as tall
  EXPECT_NEAR(s.sdf.cell, 1.0 / 32.0, 1e-6);
  EXPECT_NEAR(sample_sdf(s.sdf.view(), {0.0, 0.5, 0.0}).phi, -0.5, 0.02);
}

// Issue 41 item 4: a cube beside a tetrahedron at (1000, 1000, 1000), or beside one far triangle, used to
// give a field in which the cube vanished (the cloth fell to the ground) or was pushed about (0.91 m
// penetration at frame 1). The cube is the collider now, with a note saying what was left out.
TEST(ColliderShape, FarPartsBesideACubeAreLeftOutWithANote) {
  for (const std::string far : {"v 1000 1000 1000\nv 1001 1000 1000\nv 1000 1001 1000\nv 1000 1000 1001\n"
                                "f 9 11 10\nf 9 10 12\nf 9 12 11\nf 10 11 12\n",
                                "v 40 0 0\nv 41 0 0\nv 40 1 0\nf 9 10 11\n"}) {
    std::string path;
    const ColliderShape s = shape_from(test::obj_text(test::unit_cube()) + far, path);
    ASSERT_EQ(s.notes.size(), 1u) << far;
    EXPECT_TRUE(contains(s.notes[0], path + ": left out of the collider: 1 part holding")) << s.notes[0];
    EXPECT_EQ(s.mesh.triangles.size(), 12u);
    EXPECT_NEAR(sample_sdf(s.sdf.view(), {0.0, 0.5, 0.0}).phi, -0.5, 0.02);  // inside the cube, 1 tall
    EXPECT_NEAR(sample_sdf(s.sdf.view(), {0.0, 1.25, 0.0}).phi, 0.25, 0.02);  // above it
  }
}

TEST(ColliderShape, EqualPartsFarApartFallBack) {
  TriangleMesh m = test::unit_cube();
  const TriangleMesh cube = test::unit_cube();
  for (const Vec3& v : cube.vertices) m.vertices.push_back(v + Vec3{1000.0, 0.0, 0.0});
  for (const Int3& t : cube.triangles) m.triangles.push_back({t.a + 8, t.b + 8, t.c + 8});
  std::string path;
  expect_sphere_because(shape_from(test::obj_text(m), path), path,
                        "its parts lie far apart and none dominates");
}

// A directory under the bunny's file name is bad input naming the path, not a file to skip.
TEST(ColliderShape, DirectoryAtTheAssetPathIsRefused) {
  const std::filesystem::path dir = test::test_folder() / "asset_dir";
  std::filesystem::create_directories(dir / "stanford-bunny.obj");
  const char* before = std::getenv("SMALLSTEPS_ASSET_DIR");
  const std::string saved = before ? before : "";
  setenv("SMALLSTEPS_ASSET_DIR", dir.c_str(), 1);
  std::string message;
  try {
    find_asset("stanford-bunny.obj");
  } catch (const ParamError& e) {
    message = e.what();
  }
  if (before) setenv("SMALLSTEPS_ASSET_DIR", saved.c_str(), 1); else unsetenv("SMALLSTEPS_ASSET_DIR");
  EXPECT_TRUE(contains(message, "$SMALLSTEPS_ASSET_DIR: '" + (dir / "stanford-bunny.obj").string() +
                                    "' is a directory, not the file stanford-bunny.obj")) << message;
}

TEST(ColliderShape, StanfordBunnyLoadsClosedWithoutANote) {
  const std::optional<std::string> path = test::bunny_path();
  SMALLSTEPS_NEED_ASSET(path, "stanford-bunny.obj");
  const ColliderShape s = bunny_shape({*path, {*path}}, 32);
  EXPECT_TRUE(s.notes.empty()) << s.notes[0];
  // The scan's unused vertices are dropped; its five holes get a cap each, n − 2 triangles for n rim edges.
  EXPECT_EQ(s.mesh.vertices.size(), 35947u - 1113u);
  EXPECT_EQ(s.mesh.triangles.size(), 69451u + 223u - 2u * 5u);
}

// Issue 10 item 5: the field reaches r + margin beyond a collider placed at any size (in steps of powers
// of two, up to a quarter of the resolution), so particles near enough to touch it sample the grid.
TEST(ColliderShape, PaddingCoversTheContactReachAtEveryScale) {
  EXPECT_EQ(sdf_padding(128, 1.0, 0.0227).cells, 4);    // the default drape: 2.9 cells needed
  EXPECT_EQ(sdf_padding(128, 0.4, 0.0227).cells, 8);    // 7.3
  EXPECT_EQ(sdf_padding(128, 0.1, 0.0227).cells, 32);   // 29.1
  EXPECT_EQ(sdf_padding(128, 0.01, 0.0227).cells, 32);  // 291, capped at 128/4
  EXPECT_EQ(sdf_padding(16, 0.01, 0.0227).cells, 4);
  EXPECT_TRUE(sdf_padding(128, 0.1, 0.0227).covers_reach);
  EXPECT_FALSE(sdf_padding(128, 0.01, 0.0227).covers_reach);

  for (const Real size : {1.0, 0.4, 0.1}) {
    const Built built = test::build_scene(
        "bunny_cloth",
        {{"collider", "sphere"}, {"collider_size", size}, {"resolution", 64}, {"sdf_resolution", 64}});
    const SdfCollider c = built.model.bound_collider();
    const Real reach = built.model.particle_radius[0] + c.margin;
    const Vec3 lo = c.position + c.scale * c.sdf.origin;
    const Vec3 hi = c.position + c.scale * sdf_node_position(c.sdf, c.sdf.nx - 1, c.sdf.ny - 1, c.sdf.nz - 1);
    // The sphere of diameter `size` stands on the ground at the origin: its bounds grown by the reach.
    EXPECT_LE(lo.x, -0.5 * size - reach) << size;
    EXPECT_LE(lo.y, -reach) << size;
    EXPECT_GE(hi.x, 0.5 * size + reach) << size;
    EXPECT_GE(hi.y, size + reach) << size;
    EXPECT_GE(hi.z, 0.5 * size + reach) << size;
    EXPECT_TRUE(built.model.notes.empty()) << size << ": " << built.model.notes.front();
  }
  // Smaller than the cap allows: said in the notes.
  const Built tiny =
      test::build_scene("bunny_cloth", {{"collider", "sphere"}, {"collider_size", 0.02}, {"sdf_resolution", 64}});
  ASSERT_EQ(tiny.model.notes.size(), 1u);
  EXPECT_TRUE(contains(tiny.model.notes[0], "the collider is small for its particles"))
      << tiny.model.notes[0];
}

}  // namespace
}  // namespace sim
