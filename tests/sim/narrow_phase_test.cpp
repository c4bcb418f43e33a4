// The narrow phase (sim/geometry/narrow_phase.h) against brute force on random poses: for shapes apart
// within the margin, the manifold's least separation is their distance (the least signed distance to b over
// points sampled on a); for overlapping shapes, moving b out along the normal by the least separation
// leaves them touching. Where they are apart the nearest points lie on the surfaces and no point outside its
// shape.
#include "geometry/narrow_phase.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "test_util.h"

namespace sim {
namespace {

// Signed distance from p to the shape (negative inside) [m].
Real signed_distance(const PlacedShape& s, Vec3 p) {
  if (s.shape == BodyShape::Box) {
    const Vec3 l = rotate_inverse(s.q, p - s.x);
    const Vec3 d{std::fabs(l.x) - s.size.x, std::fabs(l.y) - s.size.y, std::fabs(l.z) - s.size.z};
    const Vec3 out{std::fmax(d.x, 0.0), std::fmax(d.y, 0.0), std::fmax(d.z, 0.0)};
    return length(out) + std::fmin(std::fmax(d.x, std::fmax(d.y, d.z)), 0.0);
  }
  const Segment seg = segment_of(s);
  const Vec3 ab = seg.p1 - seg.p0;
  const Real t = dot(ab, ab) > 0.0 ? std::fmin(std::fmax(dot(p - seg.p0, ab) / dot(ab, ab), 0.0), 1.0) : 0.0;
  return length(p - (seg.p0 + t * ab)) - seg.radius;
}

// Points covering the shape's surface (and, for a capsule, some inside it, which never lower a distance to
// a disjoint shape).
std::vector<Vec3> surface_samples(const PlacedShape& s) {
  std::vector<Vec3> out;
  if (s.shape == BodyShape::Box) {
    const int n = 48;
    for (int axis = 0; axis < 3; ++axis)
      for (const Real sign : {-1.0, 1.0})
        for (int i = 0; i <= n; ++i)
          for (int j = 0; j <= n; ++j) {
            Real c[3];
            c[axis] = sign;
            c[(axis + 1) % 3] = -1.0 + 2.0 * i / n;
            c[(axis + 2) % 3] = -1.0 + 2.0 * j / n;
            out.push_back(s.x + rotate(s.q, Vec3{c[0] * s.size.x, c[1] * s.size.y, c[2] * s.size.z}));
          }
    return out;
  }
  const Segment seg = segment_of(s);
  const int directions = 1000, stations = s.shape == BodyShape::Capsule ? 24 : 1;
  for (int k = 0; k < stations; ++k) {
    const Vec3 c = seg.p0 + (stations > 1 ? Real(k) / (stations - 1) : 0.0) * (seg.p1 - seg.p0);
    for (int i = 0; i < directions; ++i) {  // Fibonacci sphere
      const Real z = 1.0 - 2.0 * (i + 0.5) / directions, r = std::sqrt(1.0 - z * z);
      const Real phi = 2.399963229728653 * i;
      out.push_back(c + seg.radius * Vec3{r * std::cos(phi), z, r * std::sin(phi)});
    }
  }
  return out;
}

// The least signed distance to one shape over the other's samples, both ways (one may hold the other whole):
// their distance when apart, negative when they overlap.
Real sampled_distance(const PlacedShape& a, const PlacedShape& b) {
  Real d = 1e300;
  for (const Vec3& p : surface_samples(a)) d = std::fmin(d, signed_distance(b, p));
  for (const Vec3& p : surface_samples(b)) d = std::fmin(d, signed_distance(a, p));
  return d;
}

struct Rng {
  unsigned state = 2463534242u;
  Real uniform() {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return Real(state) / 4294967296.0;
  }
  Real in(Real lo, Real hi) { return lo + (hi - lo) * uniform(); }
  Quat rotation() {
    const Vec3 axis = normalized_or(Vec3{in(-1, 1), in(-1, 1), in(-1, 1)}, Vec3{0.0, 1.0, 0.0});
    return quat_axis_angle(axis, in(0.0, 6.283185307179586));
  }
};

PlacedShape random_shape(Rng& rng, BodyShape shape) {
  const Vec3 size = shape == BodyShape::Box       ? Vec3{rng.in(0.1, 0.4), rng.in(0.1, 0.4), rng.in(0.1, 0.4)}
                    : shape == BodyShape::Capsule ? Vec3{rng.in(0.05, 0.2), rng.in(0.05, 0.3), 0.0}
                                                  : Vec3{rng.in(0.05, 0.3), 0.0, 0.0};
  return {shape, size, {0.0, 0.0, 0.0}, rng.rotation()};
}

std::string pair_name(const ::testing::TestParamInfo<std::pair<BodyShape, BodyShape>>& info) {
  const char* names[] = {"box", "capsule", "sphere"};
  return std::string(names[int(info.param.first)]) + "_" + names[int(info.param.second)];
}

class NarrowPhase : public ::testing::TestWithParam<std::pair<BodyShape, BodyShape>> {};

TEST_P(NarrowPhase, MatchesBruteForceOnRandomPoses) {
  Rng rng;
  const auto [sa, sb] = GetParam();
  const Real margin = 0.05, tolerance = 4e-3;
  int apart = 0, overlapping = 0;
  for (int trial = 0; trial < 100; ++trial) {
    PlacedShape a = random_shape(rng, sa), b = random_shape(rng, sb);
    b.x = Vec3{rng.in(-0.5, 0.5), rng.in(-0.5, 0.5), rng.in(-0.5, 0.5)};
    const Real truth = sampled_distance(a, b);
    if (truth > margin) continue;  // out of reach; the manifold may be empty
    const Manifold m = collide(a, b, margin);
    ASSERT_GT(m.count, 0) << "trial " << trial << ": distance " << truth << " within the margin, no contact";
    EXPECT_NEAR(length(m.normal), 1.0, test::by_precision(1e-9, 1e-6));
    const Real least = m.deepest();
    if (truth > 0.0) {  // apart: the nearest points lie on the surfaces, the others not outside their shapes
      ++apart;
      for (int k = 0; k < m.count; ++k) {
        const bool nearest = m.separation[k] == least;
        EXPECT_LT(signed_distance(a, m.on_a[k]), 1e-6) << "trial " << trial << " point " << k << " outside a";
        EXPECT_LT(signed_distance(b, m.on_b[k]), 1e-6) << "trial " << trial << " point " << k << " outside b";
        if (nearest) EXPECT_NEAR(signed_distance(a, m.on_a[k]), 0.0, 1e-6) << "trial " << trial << " off a";
        if (nearest) EXPECT_NEAR(signed_distance(b, m.on_b[k]), 0.0, 1e-6) << "trial " << trial << " off b";
      }
      EXPECT_NEAR(least, truth, tolerance) << "trial " << trial << ": apart by " << truth;
    } else {
      ++overlapping;
      PlacedShape moved = b;
      moved.x -= least * m.normal;  // out along the normal by the depth
      const Real after = sampled_distance(a, moved);
      EXPECT_GT(after, -tolerance) << "trial " << trial << ": depth " << -truth << ", still in by " << -after;
      EXPECT_LT(after, 0.25 * std::fabs(truth) + tolerance)
          << "trial " << trial << ": pushed out too far (" << after << " m) from depth " << least;
    }
  }
  EXPECT_GT(apart + overlapping, 10) << "too few poses within reach to test anything";
  EXPECT_GT(overlapping, 3);
}

INSTANTIATE_TEST_SUITE_P(Pairs, NarrowPhase,
                         ::testing::Values(std::make_pair(BodyShape::Sphere, BodyShape::Sphere),
                                           std::make_pair(BodyShape::Sphere, BodyShape::Capsule),
                                           std::make_pair(BodyShape::Capsule, BodyShape::Capsule),
                                           std::make_pair(BodyShape::Box, BodyShape::Sphere),
                                           std::make_pair(BodyShape::Sphere, BodyShape::Box),
                                           std::make_pair(BodyShape::Box, BodyShape::Capsule),
                                           std::make_pair(BodyShape::Capsule, BodyShape::Box),
                                           std::make_pair(BodyShape::Box, BodyShape::Box)),
                         pair_name);

// A box resting flat on another gets its four corners as contacts (a stack stands on them), and a capsule
// lying on a box face gets both ends.
TEST(NarrowPhase, RestingFacesAndLyingCapsulesGetTheirWholeSupport) {
  const PlacedShape base{BodyShape::Box, {1.0, 0.1, 1.0}, {0.0, 0.0, 0.0}, quat_identity()};
  const PlacedShape top{BodyShape::Box, {0.2, 0.2, 0.2}, {0.1, 0.299, -0.1}, quat_identity()};
  const Manifold boxes = collide(base, top, 0.01);
  ASSERT_EQ(boxes.count, 4);
  const double tol = test::by_precision(1e-12, 1e-7);  // [m]; float: its rounding at 0.3 m
  EXPECT_NEAR(boxes.normal.y, 1.0, tol);
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(boxes.separation[k], -0.001, tol);
  const PlacedShape lying{BodyShape::Capsule,
                          {0.05, 0.3, 0.0},
                          {0.0, 0.149, 0.0},
                          quat_axis_angle({0.0, 0.0, 1.0}, 1.5707963267948966)};
  const Manifold capsule = collide(base, lying, 0.01);
  ASSERT_EQ(capsule.count, 2);
  EXPECT_NEAR(capsule.normal.y, 1.0, 1e-9);
  EXPECT_NEAR(std::fabs(capsule.on_b[0].x - capsule.on_b[1].x), 0.6, 1e-6);
  // tilted by 3e-5 rad (within kFaceAngle, segment_contacts.h), it still lies on the face, in either build:
  // in float a face test on 1 − |n·axis| saw the capsule stack's capsules, tilted by their rounding, at
  // 1 − 6e-8, and a box on two capsules then stood on one point of each and walked 4 cm in 6 s
  const Real tilt = 3e-5;  // [rad]
  const PlacedShape tilted{BodyShape::Capsule, lying.size, lying.x,
                           quat_axis_angle({0.0, 0.0, 1.0}, Real(1.5707963267948966) + tilt)};
  EXPECT_EQ(collide(base, tilted, 0.01).count, 2);
  EXPECT_EQ(collide(tilted, base, 0.01).count, 2);
  const Manifold ground = collide_plane({0.0, 1.0, 0.0}, 0.0, top, 0.5);
  EXPECT_EQ(ground.count, 4);
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(ground.separation[k], 0.099, tol);
}

}  // namespace
}  // namespace sim
