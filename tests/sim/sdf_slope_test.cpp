// The SDF's per-brick slope bounds (geometry/sdf_grid.h, sdf_slope_bricks) and the allowance they let the
// collider contacts skip a sample for (SdfCollider::allowance_near): a bound that held nowhere near a
// hole's sign flip, or a shortcut that answered differently from the sample, would change the physics.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "constraints/sdf_collider.h"
#include "mesh/sdf_build.h"
#include "mesh_fixtures.h"

namespace sim {
namespace {

// An icosphere's field with one node's sign flipped, as a hole in a mesh flips it: the bricks around it
// have a large bound, the others about √3 + 1.
struct FlippedField {
  SdfGrid grid = build_sdf(test::icosphere(3, 0.5), 24);
  std::vector<float> slope;
  // Near the centre (φ ≈ −0.5 m: a jump of 1 m), one node past a brick's first: only the cells of that
  // brick have it as a corner, and the next brick's bound takes it in through its one cell around.
  Int3 flipped{2 * kSdfSlopeBrick + 1, 2 * kSdfSlopeBrick + 1, 2 * kSdfSlopeBrick + 1};
  FlippedField() {
    float& phi = grid.phi[sdf_node_index(grid, flipped.a, flipped.b, flipped.c)];
    phi = -phi;
    slope = sdf_slope_bricks(view());
  }
  SdfGridView view() const {
    SdfGridView g = grid.view();
    g.slope = slope.empty() ? nullptr : slope.data();
    return g;
  }
};

Real uniform(std::mt19937& rng, Real lo, Real hi) {
  return std::uniform_real_distribution<Real>(lo, hi)(rng);
}

Vec3 random_direction(std::mt19937& rng) {
  const Vec3 v{uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1)};
  return normalized_or(v, {1.0, 0.0, 0.0});
}

bool same_bits(Real a, Real b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(SdfSlope, BoundsTheFieldBetweenPointsLessThanACellApart) {
  const FlippedField f;
  const SdfGridView g = f.view();
  const Vec3 lo = g.origin - 2.0 * g.cell * Vec3{1, 1, 1};
  const Vec3 hi = sdf_node_position(g, g.nx - 1, g.ny - 1, g.nz - 1) + 2.0 * g.cell * Vec3{1, 1, 1};
  std::mt19937 rng(7);
  Real largest = 0.0, tightest = 0.0;
  for (int n = 0; n < 200000; ++n) {
    // a third of the pairs around the flipped node, the rest anywhere, outside the grid included
    const Vec3 p =
        n % 3 == 0
            ? sdf_node_position(g, f.flipped.a, f.flipped.b, f.flipped.c) +
                  g.cell * Vec3{uniform(rng, -1.5, 1.5), uniform(rng, -1.5, 1.5), uniform(rng, -1.5, 1.5)}
            : Vec3{uniform(rng, lo.x, hi.x), uniform(rng, lo.y, hi.y), uniform(rng, lo.z, hi.z)};
    const Vec3 q = p + uniform(rng, 0.0, 0.999) * g.cell * random_direction(rng);
    const Real slope = sdf_slope_at(g, sample_sdf(g, p).cell);
    const Real change = std::fabs(sample_sdf(g, q).phi - sample_sdf(g, p).phi);
    ASSERT_LE(change, slope * length(q - p) + 1e-12)
        << "at p = (" << p.x << ", " << p.y << ", " << p.z << ")";
    largest = std::max(largest, slope);
    tightest = std::max(tightest, change / (slope * length(q - p)));
  }
  EXPECT_GT(largest, 10.0);  // the flip is a jump of twice |φ| across one cell
  EXPECT_GT(tightest, 0.5);  // and the bound is not loose everywhere
  // Far from the flip the bricks keep a distance field's bound.
  EXPECT_LT(sdf_slope_at(g, {0, 0, 0}), std::sqrt(3.0) + 1.0 + 1e-6);
}

// Outside the grid φ grows with the distance to the box as well: a plane's field φ = x, whose gradient
// inside is 1, changes by √2 per metre along a diagonal leaving the box through a y face.
TEST(SdfSlope, BoundsTheFieldOutsideTheGrid) {
  SdfGrid plane;
  plane.cell = 0.1;
  plane.nx = plane.ny = plane.nz = 5;
  plane.phi.resize(125);
  for (int k = 0; k < 5; ++k)
    for (int j = 0; j < 5; ++j)
      for (int i = 0; i < 5; ++i) plane.phi[sdf_node_index(plane, i, j, k)] = float(0.1 * i - 0.2);
  const std::vector<float> slope = sdf_slope_bricks(plane.view());
  SdfGridView g = plane.view();
  g.slope = slope.data();
  const Vec3 p{0.2, 0.45, 0.2}, q = p + 0.09 * Vec3{1.0, 1.0, 0.0} * (1.0 / std::sqrt(2.0));
  const Real change = sample_sdf(g, q).phi - sample_sdf(g, p).phi;
  EXPECT_NEAR(change / length(q - p), std::sqrt(2.0), 1e-6);  // φ stored as float
  EXPECT_LE(change, sdf_slope_at(g, sample_sdf(g, p).cell) * length(q - p));
}

TEST(SdfSlope, NoBoundsForAGridWithoutThem) {
  const FlippedField f;
  SdfCollider c;
  c.enabled = true;
  c.sdf = f.grid.view();  // slope null: every allowance samples its start
  const Vec3 p{0.0, 0.0, 0.0};
  EXPECT_TRUE(same_bits(c.allowance_near(c.sample(p), p, p, 0.01, 1e-3), c.allowance(p, 0.01, 1e-3)));
}

// The shortcut answers what the sample at the start answers, bit for bit, for contacts at rest and
// moving, near the flip, with and without a depenetration speed, and for points a cell or more apart.
TEST(SdfCollider, AllowanceNearIsTheAllowanceBitForBit) {
  const FlippedField f;
  SdfCollider c;
  c.enabled = true;
  c.sdf = f.view();
  c.scale = 0.7;
  c.position = {0.3, -0.2, 0.1};
  const Real cell = c.sdf.cell * c.scale;
  std::mt19937 rng(11);
  int skipped_zero = 0, positive = 0;
  for (int n = 0; n < 200000; ++n) {
    c.material.max_depenetration_speed = n % 4 == 0 ? 0.0 : uniform(rng, 0.1, 3.0);
    const Real h = uniform(rng, 1e-4, 1e-2), r = uniform(rng, 0.0, 0.5 * cell);
    // points near the sphere's surface (and near the flip), moved by up to two cells
    const Vec3 local = n % 5 == 0 ? sdf_node_position(c.sdf, f.flipped.a, f.flipped.b, f.flipped.c)
                                  : 0.5 * random_direction(rng);
    const Vec3 p =
        c.position + c.scale * (local + uniform(rng, -3.0, 3.0) * c.sdf.cell * random_direction(rng));
    const Real moved = n % 2 == 0 ? uniform(rng, 0.0, 0.05) * cell : uniform(rng, 0.0, 2.0) * cell;
    const Vec3 p_start = p + moved * random_direction(rng);
    const Real expected = c.allowance(p_start, r, h);
    ASSERT_TRUE(same_bits(c.allowance_near(c.sample(p), p, p_start, r, h), expected)) << "n = " << n;
    skipped_zero += expected == 0.0;
    positive += expected > 0.0;
  }
  EXPECT_GT(skipped_zero, 10000);
  EXPECT_GT(positive, 10000);
}

}  // namespace
}  // namespace sim
