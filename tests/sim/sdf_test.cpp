// build_sdf against the brute-force signed distance on a cube, an icosphere and, when the asset is
// there, the Stanford bunny: exact values at the nodes, trilinear samples within half a cell between
// them, unit radial gradients on the sphere, positive and growing values outside the grid.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <random>

#include "mesh/obj_loader.h"
#include "mesh/sdf_build.h"
#include "mesh_fixtures.h"
#include "need_asset.h"
#include "test_util.h"

namespace sim {
namespace {

Vec3 grid_far_corner(const SdfGrid& g) {
  return sdf_node_position(g, g.nx - 1, g.ny - 1, g.nz - 1);
}

Vec3 random_point_in(const SdfGrid& g, std::mt19937& rng) {
  const Vec3 hi = grid_far_corner(g);
  auto along = [&](Real from, Real to) { return std::uniform_real_distribution<Real>(from, to)(rng); };
  return {along(g.origin.x, hi.x), along(g.origin.y, hi.y), along(g.origin.z, hi.z)};
}

Real node_phi(const SdfGrid& g, int i, int j, int k) {
  return g.phi[sdf_node_index(g, i, j, k)];
}

TEST(SdfBuild, GridCoversTheBoundsWithPadding) {
  const SdfGrid g = build_sdf(test::unit_cube(), 16);
  EXPECT_DOUBLE_EQ(g.cell, 1.0 / 16.0);
  EXPECT_EQ(g.nx, 25);  // 16 cells of cube, 4 of padding on each side
  EXPECT_EQ(g.ny, 25);
  EXPECT_EQ(g.nz, 25);
  EXPECT_DOUBLE_EQ(g.origin.x, -0.25);
  EXPECT_EQ(g.phi.size(), size_t(25 * 25 * 25));

  TriangleMesh flat = test::unit_cube();
  for (Vec3& v : flat.vertices) v.y *= 0.5;  // the longest axis sets the cell
  const SdfGrid h = build_sdf(flat, 10, 1.5);
  const double rounding = test::by_precision(1e-15, 1e-7);  // float: 0.1 and 0.15 are not floats
  EXPECT_NEAR(h.cell, 0.1, rounding);
  EXPECT_EQ(h.nx, 14);  // 10 + 2·1.5 cells
  EXPECT_EQ(h.ny, 9);   // 5 + 2·1.5 cells
  EXPECT_NEAR(h.origin.y, -0.15, rounding);

  // A square with no padding is flat along y: the grid still has the 2 nodes trilinear sampling needs there.
  TriangleMesh square = test::unit_cube();
  for (Vec3& v : square.vertices) v.y = 0.0;
  const SdfGrid s = build_sdf(square, 4, 0.0);
  EXPECT_EQ(s.ny, 2);
  EXPECT_EQ(s.nx, 5);
}

TEST(SdfBuild, RejectsUnusableInput) {
  EXPECT_THROW(build_sdf(test::unit_cube(), 0), std::invalid_argument);
  EXPECT_THROW(build_sdf(test::unit_cube(), 8, -1.0), std::invalid_argument);
  TriangleMesh bad = test::unit_cube();
  bad.triangles[3].b = 8;
  EXPECT_THROW(build_sdf(bad, 8), std::invalid_argument);
  const TriangleMesh flat{{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, {{0, 1, 2}}};
  EXPECT_THROW(build_sdf(flat, 8), std::invalid_argument);
}

TEST(SdfBuild, NodesHoldTheExactSignedDistance) {
  for (const TriangleMesh& mesh : {test::unit_cube(), test::icosphere(2, 0.5)}) {
    const SdfGrid g = build_sdf(mesh, 12);
    const PseudoNormals normals = compute_pseudo_normals(mesh);
    Real worst = 0.0;
    for (int k = 0; k < g.nz; ++k) {
      for (int j = 0; j < g.ny; ++j) {
        for (int i = 0; i < g.nx; ++i) {
          const Vec3 p = sdf_node_position(g, i, j, k);
          worst =
              std::max(worst, std::abs(node_phi(g, i, j, k) - signed_distance_brute_force(mesh, normals, p)));
        }
      }
    }
    EXPECT_LT(worst, 1e-6);  // float storage
  }
}

// Trilinear samples at 500 random points of the grid box against the brute force: the same sign where
// the surface is more than a cell away, the value within half a cell.
void expect_samples_match_brute_force(const TriangleMesh& mesh, int resolution) {
  const SdfGrid g = build_sdf(mesh, resolution);
  const PseudoNormals normals = compute_pseudo_normals(mesh);
  std::mt19937 rng(1);
  int sign_mismatches = 0, signed_points = 0;
  Real worst = 0.0;
  for (int n = 0; n < 500; ++n) {
    const Vec3 p = random_point_in(g, rng);
    const Real sampled = sample_sdf(g.view(), p).phi;
    const Real exact = signed_distance_brute_force(mesh, normals, p);
    worst = std::max(worst, std::abs(sampled - exact));
    if (std::abs(exact) <= g.cell) continue;
    ++signed_points;
    sign_mismatches += (sampled < 0.0) != (exact < 0.0);
  }
  EXPECT_EQ(sign_mismatches, 0) << "of " << signed_points;
  EXPECT_LT(worst, 0.5 * g.cell);
}

TEST(SdfBuild, CubeSamplesMatchBruteForce) { expect_samples_match_brute_force(test::unit_cube(), 24); }

TEST(SdfBuild, SphereSamplesMatchBruteForce) {
  expect_samples_match_brute_force(test::icosphere(3, 0.5), 24);
}

TEST(SdfBuild, SphereGradientIsUnitAndRadial) {
  const SdfGrid g = build_sdf(test::icosphere(3, 0.5), 32);
  std::mt19937 rng(2);
  int checked = 0;
  for (int n = 0; n < 2000; ++n) {
    const Vec3 p = random_point_in(g, rng);
    const SdfSample s = sample_sdf(g.view(), p);
    // Away from the surface, and from the centre where every face is about as near.
    if (std::abs(s.phi) <= 2.0 * g.cell || length(p) < 0.15) continue;
    ++checked;
    EXPECT_NEAR(length(s.grad), 1.0, 0.1) << "at φ = " << s.phi;
    EXPECT_GT(dot(s.grad, (1.0 / length(p)) * p) / length(s.grad), 0.9) << "at φ = " << s.phi;
  }
  EXPECT_GT(checked, 500);
}

TEST(SdfBuild, OutsideTheGridIsPositiveAndGrows) {
  const SdfGrid g = build_sdf(test::unit_cube(), 16);
  const Vec3 centre{0.5, 0.5, 0.5};
  for (const Vec3 dir : {Vec3{1, 0, 0}, Vec3{0, -1, 0}, Vec3{0.6, 0.8, 0}, Vec3{-0.48, 0.6, 0.64}}) {
    Real previous = 0.0;
    for (Real t = 1.0; t < 4.0; t += 0.25) {  // the grid box reaches 0.75 from the centre
      const Real phi = sample_sdf(g.view(), centre + t * dir).phi;
      EXPECT_GT(phi, previous) << "t = " << t;
      previous = phi;
    }
  }
}

TEST(SdfBuild, OpenSurfaceTakesItsSignFromTheFaceNormal) {
  const TriangleMesh one{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 2}}};
  EXPECT_GT(signed_distance_brute_force(one, {0.2, 0.2, 0.5}), 0.0);
  EXPECT_LT(signed_distance_brute_force(one, {0.2, 0.2, -0.5}), 0.0);
  EXPECT_GT(signed_distance_brute_force(one, {0.5, -1.0, 0.1}), 0.0);  // beside the boundary edge, above
  EXPECT_NEAR(signed_distance_brute_force(one, {-1.0, -1.0, -1.0}), -std::sqrt(3.0),
              test::by_precision(1e-12, 2.4e-7));  // in float, two ulps of √3
}

// The bunny has holes in its base: where the nearest feature is a hole's rim, the sign may be wrong.
TEST(SdfBunny, LoadsAndAgreesWithBruteForceSigns) {
  const std::optional<std::string> path = test::bunny_path();
  SMALLSTEPS_NEED_ASSET(path, "stanford-bunny.obj");
  const TriangleMesh mesh = load_obj(*path);
  EXPECT_EQ(mesh.vertices.size(), 35947u);
  EXPECT_EQ(mesh.triangles.size(), 69451u);

  const SdfGrid g = build_sdf(mesh, 64);
  const PseudoNormals normals = compute_pseudo_normals(mesh);
  std::mt19937 rng(3);
  int checked = 0, mismatches = 0, inside = 0;
  while (checked < 200) {
    const Vec3 p = random_point_in(g, rng);
    const Real exact = signed_distance_brute_force(mesh, normals, p);
    if (std::abs(exact) <= 2.0 * g.cell) continue;
    ++checked;
    inside += exact < 0.0;
    mismatches += (sample_sdf(g.view(), p).phi < 0.0) != (exact < 0.0);
  }
  std::cout << "bunny: " << mismatches << " sign mismatches in " << checked << " points (" << inside
            << " inside)\n";
  EXPECT_LE(mismatches, 2);  // 1 %
  EXPECT_GT(inside, 0);
}

}  // namespace
}  // namespace sim
