// close_holes: a cube missing a face and an icosphere missing two triangles come back closed, manifold and
// consistently oriented with their full volume, and the field's sign is right just outside a former hole
// (where the open mesh's pseudo-normals call outside points inside); a closed mesh is left untouched; the
// Stanford bunny's five holes (223 rim edges) close into a closed mesh whose volume is origin-free and
// whose field calls no point around the base inside that ray parity puts outside, which the open scan's does.
#include "mesh/close_holes.h"

#include <gtest/gtest.h>

#include <cmath>

#include "mesh/mesh_quality.h"
#include "mesh/obj_loader.h"
#include "mesh/sdf_build.h"
#include "mesh_fixtures.h"
#include "need_asset.h"
#include "test_util.h"

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
  EXPECT_EQ(m.vertices.size(), 8u);    // ear clipping adds no vertex
  EXPECT_EQ(m.triangles.size(), 12u);  // a square's two triangles
  const MeshQuality q = assess_mesh(m);
  EXPECT_TRUE(is_closed(q)) << q.rim_edges << " rim, " << q.flipped_edges << " flipped";
  const double tol = test::by_precision(1e-12, 1e-7);  // float: coordinates of order 1 round at 6e-8
  EXPECT_NEAR(q.volume, 1.0, tol);
  EXPECT_NEAR(signed_distance_brute_force(m, below), 0.01, tol);
  EXPECT_NEAR(signed_distance_brute_force(m, {0.5, 0.01, 0.5}), -0.01, tol);
}

TEST(CloseHoles, TwoHolesGetOneCapEachAndAClosedMeshIsLeftAsItIs) {
  TriangleMesh m = test::icosphere(2, 0.5);
  const Real full = enclosed_volume(m);
  m.triangles.erase(m.triangles.begin() + 200);
  m.triangles.erase(m.triangles.begin());
  const ClosedHoles closed = close_holes(m);
  EXPECT_EQ(closed.holes, 2);
  EXPECT_EQ(closed.rim_edges, 6);
  const MeshQuality q = assess_mesh(m);
  EXPECT_TRUE(is_closed(q));
  EXPECT_NEAR(q.volume, full, 1e-12 * full);  // each cap is its missing triangle again

  TriangleMesh cube = test::unit_cube();
  const ClosedHoles none = close_holes(cube);
  EXPECT_EQ(none.holes, 0);
  EXPECT_EQ(cube.triangles.size(), test::unit_cube().triangles.size());
  EXPECT_EQ(cube.vertices.size(), test::unit_cube().vertices.size());
}

TEST(CloseHoles, StanfordBunnyIsClosed) {
  const std::optional<std::string> path = test::bunny_path();
  SMALLSTEPS_NEED_ASSET(path, "stanford-bunny.obj");
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
  // In float the move itself rounds each vertex to an ulp of 1-3 m, 1e-7 to 2.4e-7 m (measured 1.7e-8 of the
  // volume).
  EXPECT_NEAR(enclosed_volume(bunny), q.volume, test::by_precision(1e-9, 1e-6) * q.volume);
}

// Whether p is inside the closed mesh by the parity of the faces a ray from p straight up crosses: a sign
// independent of the pseudo-normals (the ray is nudged off the vertical so that it meets no edge).
bool inside_by_ray_parity(const TriangleMesh& mesh, Vec3 p) {
  const Real x = p.x + 1.1e-7, z = p.z + 1.3e-7;
  int crossings = 0;
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    const TriangleCorners c = triangle_corners(mesh, int(t));
    // Barycentric coordinates of (x, z) in the triangle's projection on the ground plane.
    const Real d = (c.b.x - c.a.x) * (c.c.z - c.a.z) - (c.c.x - c.a.x) * (c.b.z - c.a.z);
    if (d == 0.0) continue;
    const Real u = ((x - c.a.x) * (c.c.z - c.a.z) - (c.c.x - c.a.x) * (z - c.a.z)) / d;
    const Real v = ((c.b.x - c.a.x) * (z - c.a.z) - (x - c.a.x) * (c.b.z - c.a.z)) / d;
    if (u < 0.0 || v < 0.0 || u + v > 1.0) continue;
    crossings += c.a.y + u * (c.b.y - c.a.y) + v * (c.c.y - c.a.y) > p.y;
  }
  return crossings % 2 == 1;
}

// The nodes of the field's lowest cells (around the base, where the scan's holes are) that it calls
// inside, more than half a cell deep, and the closed mesh's ray parity puts outside.
int base_nodes_wrongly_inside(const TriangleMesh& mesh, const TriangleMesh& closed) {
  const SdfGrid g = build_sdf(mesh, 32);
  int wrong = 0;
  for (int k = 0; k < g.nz; ++k)
    for (int j = 0; j < kSdfPaddingCells + 4; ++j)
      for (int i = 0; i < g.nx; ++i)
        wrong += g.phi[sdf_node_index(g, i, j, k)] < -0.5 * g.cell &&
                 !inside_by_ray_parity(closed, sdf_node_position(g, i, j, k));
  return wrong;
}

// Issue 40 item 5: the open scan's field calls points around its base inside (measured: 2 of these nodes);
// closed by ear clipping, none. A fan from each rim's centroid, tried first, folded over the largest
// hole's rim, which is not convex, and called 2 nodes below the bunny 2.8 and 3.7 cells inside.
TEST(CloseHoles, TheBunnysFieldCallsNoPointBesideItsBaseInside) {
  const std::optional<std::string> path = test::bunny_path();
  SMALLSTEPS_NEED_ASSET(path, "stanford-bunny.obj");
  const TriangleMesh open = load_obj(*path);
  TriangleMesh closed = open;
  close_holes(closed);
  EXPECT_GT(base_nodes_wrongly_inside(open, closed), 0);
  EXPECT_EQ(base_nodes_wrongly_inside(closed, closed), 0);
}

}  // namespace
}  // namespace sim
