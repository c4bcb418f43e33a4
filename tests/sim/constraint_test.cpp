// Constraint functions against finite differences, and single projections against closed forms
// (Small Steps Eqs. 4-8).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "constraints/attachment.h"
#include "constraints/distance.h"
#include "constraints/ground_contact.h"
#include "test_util.h"

namespace sim {
namespace {

// Central-difference gradient of f at x in double precision around a Real evaluation.
Vec3 numeric_gradient(const std::function<double(Vec3)>& f, Vec3 x, Real eps = 1e-3) {
  auto axis = [&](int k) {
    Vec3 lo = x, hi = x;
    (&lo.x)[k] -= eps;
    (&hi.x)[k] += eps;
    return Real((f(hi) - f(lo)) / (2.0 * eps));
  };
  return {axis(0), axis(1), axis(2)};
}

void expect_near(Vec3 a, Vec3 b, Real tol) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

TEST(DistanceConstraint, GradientMatchesFiniteDifferences) {
  const Vec3 xa{0.3, -0.2, 0.9}, xb{-0.4, 0.5, 0.1};
  const Real L = 0.7;
  const DistanceEval e = distance_eval(xa, xb, L);
  expect_near(e.n, numeric_gradient([&](Vec3 x) { return distance_eval(x, xb, L).C; }, xa), 1e-3);
  expect_near(-e.n, numeric_gradient([&](Vec3 x) { return distance_eval(xa, x, L).C; }, xb), 1e-3);
}

TEST(AttachmentConstraint, GradientMatchesFiniteDifferences) {
  const Vec3 x{1.0, 2.0, -0.5}, target{0.2, 2.5, 0.1};
  const DistanceEval e = distance_eval(x, target, 0.0);
  expect_near(e.n, numeric_gradient([&](Vec3 p) { return distance_eval(p, target, 0.0).C; }, x), 1e-3);
}

TEST(GroundContact, GradientMatchesFiniteDifferences) {
  GroundPlane g;
  g.height = 0.1;
  const Vec3 x{0.2, 0.05, 0.3}, x_n{0.2, 0.12, 0.3};
  const Vec3 grad = numeric_gradient([&](Vec3 p) { return ground_normal_C(g, p, x_n, 0.01, 1e-3); }, x);
  expect_near(grad, {0.0, 1.0, 0.0}, 1e-3);
}

// A particle laid against a wall, its centre r from the wall as the scene computes it in double, is not
// read as overlapping it: the rounding of its gap is no overlap (in float a particle 0.575 m out lay an ulp
// into its wall, and a substep of 0.1 µs pushed it out at 0.6 m/s). An overlap beyond the rounding still is
// one: 1 nm in double, 10 µm in float (the rounding allowed is about five ulps, 4.9 µm at 10 m).
TEST(GroundContact, ParticleLaidOnAWallIsNotInsideIt) {
  const Real r = 0.025;
  const Real overlap = test::by_precision(1e-9, 1e-5);  // [m]
  for (const double wall : {0.6, 1.8, 3.7, 10.3, -0.45, -7.9}) {
    const HalfSpace inside_is_below{{0.0, 0.0, -1.0}, Real(-wall)};  // z ≤ wall
    const HalfSpace inside_is_above{{0.0, 1.0, 0.0}, Real(wall)};    // y ≥ wall
    const Position below = Vec3{0.3, 0.2, Real(wall - 0.025)}, above = Vec3{0.3, Real(wall + 0.025), 0.2};
    EXPECT_GE(plane_gap(inside_is_below, below, r), 0.0) << "wall at z = " << wall;
    EXPECT_GE(plane_gap(inside_is_above, above, r), 0.0) << "floor at y = " << wall;
    EXPECT_LT(plane_gap(inside_is_below, below + Vec3{0.0, 0.0, overlap}, r), 0.0) << "wall at z = " << wall;
    EXPECT_LT(plane_gap(inside_is_above, above - Vec3{0.0, overlap, 0.0}, r), 0.0) << "floor at y = " << wall;
  }
}

TEST(DistanceConstraint, ZeroComplianceSatisfiedAfterOneProjection) {
  const Vec3 xa{0.0, 0.0, 0.0}, xb{1.3, 0.4, -0.2};
  const Real wa = 1.0, wb = 0.25, L = 1.0, h = 1.0 / 600.0;
  const DistanceCorrection c = project_distance(xa, xb, wa, wb, L, 0.0, 0.0, 0.0, h, {0.0, 0.0, 0.0});
  EXPECT_NEAR(distance_eval(xa + c.dxa, xb + c.dxb, L).C, 0.0, 1e-6);
  // Corrections are weighted by inverse mass (Eq. 4): the momentum-like sum m_a Δx_a + m_b Δx_b is zero.
  expect_near((1.0 / wa) * c.dxa + (1.0 / wb) * c.dxb, {0.0, 0.0, 0.0}, 1e-6);
}

TEST(DistanceConstraint, CompliantProjectionMatchesEquation7) {
  const Vec3 xa{0.0, 0.0, 0.0}, xb{0.0, 1.1, 0.0};  // stretched: C = +0.1 m
  const Real w = 2.0, alpha = 1e-3, h = 0.01;
  const DistanceCorrection c = project_distance(xa, xb, w, w, 1.0, alpha, 0.0, 0.0, h, {0.0, 0.0, 0.0});
  EXPECT_NEAR(c.dlambda, -0.1 / (2.0 * w + alpha / (h * h)), 1e-7);  // Δλ = −C / (w_a + w_b + α̃)
}

// The one-division path for undamped constraints is Eq. 8 at β = 0: the same Δλ and corrections as the
// general projection to rounding, compliant or not, with a multiplier so far, split masses (Jacobi) and
// a pinned end, and nothing for coincident points or two pinned ends.
TEST(DistanceConstraint, UndampedPathMatchesTheGeneralProjection) {
  const Real h = 1.0 / 600.0;
  struct Case {
    Vec3 xb;
    Real wa, wb, alpha, lambda, split_a, split_b;
  };
  for (const Case& k : {Case{{1.3, 0.4, -0.2}, 1.0, 0.25, 0.0, 0.0, 1.0, 1.0},
                        Case{{0.0, 0.7, 0.1}, 2.0, 2.0, 1e-3, -4e-6, 1.0, 1.0},
                        Case{{0.2, -0.9, 0.3}, 0.5, 3.0, 1e-7, 2e-7, 3.0, 5.0},
                        Case{{0.6, 0.6, 0.0}, 0.0, 1.5, 1e-4, 0.0, 1.0, 2.0}}) {
    const Vec3 xa{0.1, 0.0, 0.05};
    const DistanceCorrection g = project_distance(xa, k.xb, k.wa, k.wb, 1.0, k.alpha, 0.0, k.lambda, h,
                                                  {0.0, 0.0, 0.0}, k.split_a, k.split_b);
    const DistanceCorrection u = project_distance_undamped(xa, k.xb, k.wa, k.wb, 1.0, k.alpha / (h * h),
                                                           k.lambda, k.split_a, k.split_b);
    // float: the two paths sum the same terms in another order, each rounding at 6e-8 of itself
    EXPECT_NEAR(u.dlambda, g.dlambda, test::by_precision(1e-12, 1e-6) * std::abs(g.dlambda) + 1e-300);
    const Real tol = Real(test::by_precision(1e-12, 1e-7));
    expect_near(u.dxa, g.dxa, tol);
    expect_near(u.dxb, g.dxb, tol);
    EXPECT_NE(g.dlambda, 0.0);
  }
  const DistanceCorrection same =
      project_distance_undamped({1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, 1.0, 1.0, 1.0, 0.0, 0.0);
  EXPECT_EQ(same.dlambda, 0.0);
  const DistanceCorrection pinned =
      project_distance_undamped({0.0, 0.0, 0.0}, {2.0, 0.0, 0.0}, 0.0, 0.0, 1.0, 0.0, 0.0);
  EXPECT_EQ(pinned.dlambda, 0.0);
  expect_near(pinned.dxa, {0.0, 0.0, 0.0}, 0.0);
}

TEST(AttachmentConstraint, ZeroCompliancePullsOntoTarget) {
  Vec3 x{0.5, 0.2, 0.0};
  const Vec3 target{0.0, 1.0, 0.0};
  const AttachmentCorrection c = project_attachment(x, target, 1.0, 0.0, 0.0, 1e-3);
  expect_near(x + c.dx, target, 1e-6);
}

}  // namespace
}  // namespace sim
