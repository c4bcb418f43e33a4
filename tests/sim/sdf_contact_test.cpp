// A single particle against the SDF collider (an analytic sphere of radius R = 0.5 m) checked against
// closed forms: resting on top it stays where it was put without sinking (C = φ − r ≥ 0, Small Steps
// §4.3), and on the slope at angle θ from the top it sticks when tan θ < μ_s and slides when tan θ > μ_s
// (Coulomb friction, Eq. 12), for contacts found once per frame and per substep alike.
#include <gtest/gtest.h>

#include <cmath>

#include "scenes/collider_shape.h"
#include "test_util.h"

namespace sim {
namespace {

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
  const SdfCollider c = world.model().host_collider();
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

INSTANTIATE_TEST_SUITE_P(Detection, SdfContact,
                         ::testing::Values(ContactDetection::PerFrame, ContactDetection::PerSubstep),
                         [](const auto& info) {
                           return std::string(info.param == ContactDetection::PerFrame ? "PerFrame" : "PerSubstep");
                         });

}  // namespace
}  // namespace sim
