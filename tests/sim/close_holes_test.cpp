// close_holes: a cube missing a face and an icosphere missing two triangles come back closed, manifold and
// consistently oriented with their full volume, and the field's sign is right just outside a former hole
// (where the open mesh's pseudo-normals call outside points inside); a closed mesh is left untouched; the
// Stanford bunny's five holes (223 rim edges) close into a closed mesh whose volume is origin-free.
#include "mesh/close_holes.h"

#include <gtest/gtest.h>

#include "mesh/mesh_quality.h"
#include "mesh/obj_loader.h"
#include "mesh/sdf_build.h"
#include "mesh_fixtures.h"

namespace sim {
namespace {

// The unit cube without the two triangles of its face y = 0.
TriangleMesh cube_open_below() {
  TriangleMesh m = test::unit_cube();
  m.triangles.erase(m.triangles.begin() + 4, m.triangles.begin() + 6);
  return m;
}

TEST(CloseHoles, ACubeMissingAFaceComesBackClosedWithItsVolume) {
  TriangleMesh m = cube_open_below();
  // 1 cm below the open face's centre: outside, but the open mesh's nearest features are the rim's,
  // whose pseudo-normals (the side faces') point sideways, so the open field's sign there is not to be
  // trusted; the closed one's must be right.
  const Vec3 below{0.5, -0.01, 0.5};
  EXPECT_LT(signed_distance_brute_force(m, below), 0.0);
  const ClosedHoles closed = close_holes(m);
  EXPECT_EQ(closed.holes, 1);
  EXPECT_EQ(closed.rim_edges, 4);
  EXPECT_EQ(m.vertices.size(), 9u);
  EXPECT_EQ(m.triangles.size(), 14u);
  const MeshQuality q = assess_mesh(m);
  EXPECT_TRUE(is_closed(q)) << q.rim_edges << " rim, " << q.flipped_edges << " flipped";
  EXPECT_NEAR(q.volume, 1.0, 1e-12);
  EXPECT_NEAR(signed_distance_brute_force(m, below), 0.01, 1e-12);
  EXPECT_NEAR(signed_distance_brute_force(m, {0.5, 0.01, 0.5}), -0.01, 1e-12);
}

TEST(CloseHoles, TwoHolesGetOneFanEachAndAClosedMeshIsLeftAsItIs) {
  TriangleMesh m = test::icosphere(2, 0.5);
  const Real full = enclosed_volume(m);
  m.triangles.erase(m.triangles.begin() + 200);
  m.triangles.erase(m.triangles.begin());
  const ClosedHoles closed = close_holes(m);
  EXPECT_EQ(closed.holes, 2);
  EXPECT_EQ(closed.rim_edges, 6);
  const MeshQuality q = assess_mesh(m);
  EXPECT_TRUE(is_closed(q));
  EXPECT_NEAR(q.volume, full, 1e-3 * full);  // each fan is a low cone over its missing triangle

  TriangleMesh cube = test::unit_cube();
  const ClosedHoles none = close_holes(cube);
  EXPECT_EQ(none.holes, 0);
  EXPECT_EQ(cube.triangles.size(), test::unit_cube().triangles.size());
  EXPECT_EQ(cube.vertices.size(), test::unit_cube().vertices.size());
}

TEST(CloseHoles, StanfordBunnyIsClosed) {
  const std::optional<std::string> path = test::bunny_path();
  if (!path) GTEST_SKIP() << "stanford-bunny.obj not found; set SMALLSTEPS_ASSET_DIR";
  TriangleMesh bunny = load_obj(*path);
  const ClosedHoles closed = close_holes(bunny);
  EXPECT_EQ(closed.holes, 5);
  EXPECT_EQ(closed.rim_edges, 223);
  const MeshQuality q = assess_mesh(bunny);
  EXPECT_TRUE(is_closed(q)) << q.rim_edges << " rim, " << q.non_manifold_edges << " non-manifold, "
                            << q.flipped_edges << " flipped";
  EXPECT_TRUE(mesh_warnings(bunny, q, 128).empty());
  // Closed, its enclosed volume no longer depends on where the origin is (an open mesh's does).
  EXPECT_GT(q.volume, 0.0);
  for (Vec3& v : bunny.vertices) v += Vec3{1.0, 2.0, 3.0};
  EXPECT_NEAR(enclosed_volume(bunny), q.volume, 1e-9 * q.volume);
}

}  // namespace
}  // namespace sim
