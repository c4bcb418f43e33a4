// A single particle against the SDF collider (an analytic sphere of radius R = 0.5 m) checked against
// closed forms: resting on top it stays where it was put without sinking (C = φ − r ≥ 0, Small Steps
// §4.3), and on the slope at angle θ from the top it sticks when tan θ < μ_s and slides when tan θ > μ_s
// (Coulomb friction, Eq. 12), for contacts found once per frame and per substep alike.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "families/common/contact_stages.h"
#include "scenes/collider_shape.h"
#include "test_util.h"

namespace sim {
namespace {

// What a coordinate of 0.1-0.4 m keeps through one projection: exact to 1e-12 m in double; in float, a few
// ulps (an ulp of 0.4 is 3e-8 m; measured 2.2e-8 m).
const double kCoordinateRounding = test::by_precision(1e-12, 1e-7);

constexpr Real kRadius = 0.01;  // particle radius [m]
constexpr Real kSphere = 0.5;   // collider radius [m]: the unit-diameter sphere of collider_shape

// The particle starts touching the sphere at angle θ from its top, at rest.
World particle_on_sphere(Real theta, Real mu) {
  const ColliderShape shape = sphere_shape(64);
  SdfCollider c;
  c.enabled = true;
  c.sdf = shape.sdf.view();
  c.material.mu_static = c.material.mu_dynamic = mu;
  ColliderMesh mesh{shape.mesh.vertices, shape.mesh.triangles};
  ModelBuilder b;
  b.set_collider(c, shape.sdf.phi, mesh);
  const Vec3 centre{0.0, kSphere, 0.0};
  b.add_particle(centre + (kSphere + kRadius) * Vec3{std::sin(theta), std::cos(theta), 0.0}, 0.01, kRadius);
  return World(b.finalize(), BackendKind::Cpu);
}

Real travelled(World& world, const Settings& s, int frames) {
  const Vec3 start = world.state().particle_x[0];
  test::run_frames(world, s, frames);
  return length(world.state().particle_x[0] - start);
}

class SdfContact : public ::testing::TestWithParam<ContactDetection> {
 protected:
  Settings settings() const {
    Settings s = test::make_settings(20, 1);
    s.contact_detection = GetParam();
    return s;
  }
};

TEST_P(SdfContact, RestsOnTopWithoutSinking) {
  World world = particle_on_sphere(0.0, 0.5);
  EXPECT_LT(travelled(world, settings(), 120), 1e-3);
  const SdfCollider c = world.model().bound_collider();
  EXPECT_GT(c.sample(world.state().particle_x[0]).phi - kRadius, -1e-3) << "the particle sank into the sphere";
  EXPECT_LT(length(world.state().particle_v[0]), 1e-3);
}

TEST_P(SdfContact, SticksBelowTheFrictionAngleAndSlidesAboveIt) {
  const Real mu = 0.6;                  // friction angle atan(0.6) = 31°
  World held = particle_on_sphere(0.4, mu);   // tan(0.4 rad) = 0.42 < μ
  World slides = particle_on_sphere(0.7, mu);  // tan(0.7 rad) = 0.84 > μ
  EXPECT_LT(travelled(held, settings(), 60), 2e-3);
  EXPECT_GT(travelled(slides, settings(), 60), 0.1);
}

// At 3 iterations a substep the same: the multipliers that bound friction start each substep at 0, reset
// where the first pass reads them (Substep::fresh_pass), not carried over from the last substep.
TEST(SdfContactIterations, SticksBelowTheFrictionAngleAndSlidesAboveIt) {
  const Real mu = 0.6;
  World held = particle_on_sphere(0.4, mu);
  World slides = particle_on_sphere(0.7, mu);
  const Settings s = test::make_settings(20, 3);
  EXPECT_LT(travelled(held, s, 60), 2e-3);
  EXPECT_GT(travelled(slides, s, 60), 0.1);
}

INSTANTIATE_TEST_SUITE_P(Detection, SdfContact,
                         ::testing::Values(ContactDetection::PerFrame, ContactDetection::PerSubstep),
                         [](const auto& info) {
                           return std::string(info.param == ContactDetection::PerFrame ? "PerFrame" : "PerSubstep");
                         });

// A collider over [−1, 1]³ on a 2 × 2 × 2-node grid whose 8 corner values are φ(corner) = f(corner),
// stored in `phi`: a linear f is sampled exactly.
template <class F>
SdfCollider corner_field(F f, float (&phi)[8]) {
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 2; ++i)
        phi[(k * 2 + j) * 2 + i] = float(f(Vec3{2.0 * i - 1, 2.0 * j - 1, 2.0 * k - 1}));
  SdfCollider c;
  c.enabled = true;
  c.sdf = {phi, {-1.0, -1.0, -1.0}, 2.0, 2, 2, 2};
  return c;
}

// One ProjectColliderContacts step of a particle (w = 1, radius 0) at x, having come from x_prev.
template <class F>
Vec3 project_once(F f, Position x, Position x_prev) {
  float phi[8];
  const SdfCollider c = corner_field(f, phi);
  const unsigned char active = 1;
  const int index = 0, offset[2] = {0, 1};  // the flagged list of particle 0
  const Real w = 1.0, radius = 0.0;
  Real allowance = 0.0;  // a later pass's, read
  ContactMultipliers lambda{0.0, 0.0};
  ProjectColliderContacts stage{
      {{&index, offset, 0, 1}, &active, &x, &x_prev, &w, &radius, &lambda, 1.0 / 600}, c, &allowance, false};
  stage(0);
  return x;
}

// One ProjectColliderEdgeColour step of a resting stretch edge (radius 0) across the field's surface.
template <class F>
std::array<Position, 2> project_edge_once(F f, std::array<Position, 2> x, std::array<Real, 2> w) {
  float phi[8];
  const SdfCollider c = corner_field(f, phi);
  const Int2 ends{0, 1};
  const DistanceKind kind = DistanceKind::Stretch;
  const Real radius[2] = {0.0, 0.0};
  unsigned char active = 1;
  const int index = 0, offset[2] = {0, 1};  // the flagged list of edge 0
  Real allowance = 0.0;                     // a later pass's, read
  ContactMultipliers lambda{0.0, 0.0};
  const std::array<Position, 2> x_prev = x;
  ProjectColliderEdgeColour stage{{&ends, &kind, w.data(), radius, &active},
                                  {&index, offset, 0, 1},
                                  x.data(),
                                  x_prev.data(),
                                  &lambda,
                                  &allowance,
                                  c,
                                  1.0 / 600,
                                  false,
                                  false};
  stage(0);
  return x;
}

// Issue 10 item 4: an edge whose midpoint is 0.1 m inside (φ = y/2, non-unit gradient) is pushed out
// along n until its midpoint touches, C = φ(½(x_a + x_b)) = 0, each end by w_i ½ Δλ: equal masses move
// alike, and a pinned end leaves the whole push (twice the depth) to the other.
TEST(SdfContactStep, EdgeMidpointIsPushedOutSharedByInverseMass) {
  const auto field = [](Vec3 p) { return 0.5 * p.y; };
  const std::array<Position, 2> x{Vec3{-0.2, -0.1, 0.0}, Vec3{0.2, -0.1, 0.0}};
  const auto equal = project_edge_once(field, x, {1.0, 1.0});
  EXPECT_NEAR(equal[0].y, 0.0, kCoordinateRounding);
  EXPECT_NEAR(equal[1].y, 0.0, kCoordinateRounding);
  const auto pinned = project_edge_once(field, x, {0.0, 1.0});
  EXPECT_EQ(pinned[0].y, Real(-0.1));
  EXPECT_NEAR(pinned[1].y, 0.1, kCoordinateRounding);
  EXPECT_NEAR(pinned[1].x, 0.2, kCoordinateRounding);
}

// Issue 10 item 5: on a field whose gradient has length 0.5 (φ = y/2, the surface y = 0), a particle
// 0.1 m deep is pushed out in one step (Δλ = −C/(w|∇φ|²)); moving by C along the unit normal stopped
// half-way.
TEST(SdfContactStep, NewtonStepOnANonUnitGradientReachesTheSurface) {
  const Vec3 x = project_once([](Vec3 p) { return 0.5 * p.y; }, {0.2, -0.1, 0.3}, {0.2, -0.1, 0.3});
  EXPECT_NEAR(x.y, 0.0, kCoordinateRounding);
  EXPECT_NEAR(x.x, 0.2, kCoordinateRounding);
  EXPECT_NEAR(x.z, 0.3, kCoordinateRounding);
}

// Where the gradient vanishes (a field constant at −0.05 m: deep inside, no direction) a penetrating
// particle is still pushed, back the way it came, instead of being skipped.
TEST(SdfContactStep, VanishingGradientFallsBackToTheMotionsReverse) {
  const Vec3 x = project_once([](Vec3) { return -0.05; }, {0.0, 0.0, 0.0}, {0.0, 0.3, 0.4});
  // φ is stored in single precision (to 4e-9 m); in float the push is rounded too (measured 2.9e-8 m).
  EXPECT_NEAR(x.y, 0.05 * 0.6, test::by_precision(1e-8, 1e-7));
  EXPECT_NEAR(x.z, 0.05 * 0.8, test::by_precision(1e-8, 1e-7));
}

}  // namespace
}  // namespace sim
