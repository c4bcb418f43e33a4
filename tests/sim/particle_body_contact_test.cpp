// Particles against rigid bodies (families/rigid/particle_contacts/particle_contact_stages.h): the rigid
// contacts of constraints/body_contact.h with a particle, a sphere of its radius, as one end. Against closed
// forms: a particle rests on a fixed box at its radius, sticks on it below the friction angle and slides with
// a = g (sin θ − μ cos θ) above it, bounces to e² of its drop height; a particle striking a free box in
// free fall shares its momentum (an inelastic collision conserves m v); a box on a cloth lying on the ground
// carries its weight through the particles, sticks to it on a slope below the friction angle and slides
// with the closed-form acceleration above it; a particle jointed to a body does not collide with it; a light
// ball floats on the fluid with the submerged fraction of Archimedes and a heavy one sinks to the bottom.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "registry/frame_metrics.h"
#include "scenes/body_scene.h"
#include "scenes/cloth_grid.h"
#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kG = 9.81;

// A fixed (massless) box, its top face at y = 0, and one particle of radius r resting on it, under gravity
// g along `down`; the particle's surface `material`.
Built particle_on_fixed_box(double r, const SurfaceMaterial& material, Vec3 down = {0.0, -1.0, 0.0},
                            double drop = 0.0) {
  ModelBuilder b;
  b.set_gravity(kG * down);
  const int box = b.add_body(BodyShape::Box, {2.0, 0.5, 2.0}, 0.0, {0.0, -0.5, 0.0});
  b.set_body_material(box, material);
  b.add_particle({0.0, r + drop, 0.0}, 0.01, r);
  BodyContactSettings contact;
  contact.particle_material = material;
  b.set_body_contact(contact);
  return b.finalize();
}

TEST(ParticleBodyContact, ParticleRestsOnAFixedBoxAtItsRadius) {
  const double r = 0.02;
  World w(particle_on_fixed_box(r, {}), BackendKind::Cpu);
  const Settings s = test::make_settings(20, 1);
  for (int f = 0; f < 120; ++f) w.step(s);
  EXPECT_NEAR(w.state().particle_x[0].y, r, 1e-6);
  const FrameMetrics m = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt());
  EXPECT_EQ(m.particle_contact_points, 1);
  EXPECT_NEAR(m.particle_contact_force, 0.01 * kG, 1e-3 * 0.01 * kG);
}

// The particle's displacement along a slope of θ after t (gravity tilted about z), μ_s = μ_k = μ.
double particle_slide_after(double theta_deg, double mu, double t) {
  const double theta = theta_deg * kPi / 180.0;
  const Vec3 down{std::sin(theta), -std::cos(theta), 0.0};
  World w(particle_on_fixed_box(0.02, {mu, mu, 0.0}, down), BackendKind::Cpu);
  const Settings s = test::make_settings(20, 1);
  while (w.time() < t - 1e-9) w.step(s);
  return w.state().particle_x[0].x;
}

TEST(ParticleBodyContact, ParticleOnAnInclinedBoxSticksBelowTheFrictionAngleAndSlidesAboveIt) {
  const double mu = 0.5, t = 1.0;
  for (const double theta : {10.0, 25.0})  // tan θ < μ
    EXPECT_LT(std::fabs(particle_slide_after(theta, mu, t)), 1e-4) << "slid at " << theta << "°";
  for (const double theta : {30.0, 50.0}) {  // tan θ > μ
    const double a = theta * kPi / 180.0;
    const double expected = 0.5 * kG * (std::sin(a) - mu * std::cos(a)) * t * t;
    EXPECT_NEAR(particle_slide_after(theta, mu, t), expected, 0.02 * expected) << "at " << theta << "°";
  }
}

TEST(ParticleBodyContact, ParticleBouncesOffABoxToESquaredOfItsHeight) {
  const double drop = 0.5, e = 0.7, r = 0.02;
  World w(particle_on_fixed_box(r, {0.5, 0.4, e}, {0.0, -1.0, 0.0}, drop), BackendKind::Cpu);
  const Settings s = test::make_settings(40, 1);
  double highest = 0.0;
  bool bounced = false;
  for (int f = 0; f < 120; ++f) {
    w.step(s);
    const double y = w.state().particle_x[0].y - r, vy = w.state().particle_v[0].y;
    if (vy > 0.0) bounced = true;
    if (!bounced) continue;
    if (vy < 0.0) break;  // past the top of the first bounce
    highest = std::fmax(highest, y);
  }
  EXPECT_NEAR(highest, e * e * drop, 0.03 * e * e * drop);
}

// In free fall (no gravity), a particle of mass m at speed u strikes a free box of mass M at rest: both
// leave at m u / (m + M) (e = 0), the box's momentum and the particle's summing to m u.
TEST(ParticleBodyContact, ParticleStrikingAFreeBoxSharesItsMomentum) {
  const double m = 0.5, M = 2.0, u = 3.0;
  ModelBuilder b;
  b.set_gravity({0.0, 0.0, 0.0});
  b.add_body(BodyShape::Box, {0.1, 0.1, 0.1}, M, {0.0, 0.0, 0.0});
  b.add_particle({-0.3, 0.0, 0.0}, m, 0.02, {u, 0.0, 0.0});
  BodyContactSettings contact;
  contact.particle_material = {0.0, 0.0, 0.0};
  b.set_body_contact(contact);
  for (const SolverOrder order : {SolverOrder::GaussSeidel, SolverOrder::Jacobi}) {
    World w(b.finalize(), BackendKind::Cpu);
    const Settings s = test::make_settings(20, 1, order);
    for (int f = 0; f < 30; ++f) w.step(s);
    const double shared = m * u / (m + M);
    // float: the contact's offsets round at 7.5e-9 m, which over Δt_s is 9e-6 m/s, 1.5e-5 of the shared speed
    const double relative = test::by_precision(1e-6, 5e-5);
    EXPECT_NEAR(w.state().body.v[0].x, shared, relative * shared);
    EXPECT_NEAR(w.state().particle_v[0].x, shared, relative * shared);
    EXPECT_NEAR(M * w.state().body.v[0].x + m * w.state().particle_v[0].x, m * u,
                test::by_precision(1e-9, 5e-5));
    EXPECT_LT(length(w.state().body.omega[0]), 1e-9) << "struck through its centre, it does not turn";
  }
}

// A cloth of n × n particles (r = 1 cm, spacing 2 cm) lying on the ground, gravity tilted by θ about z (an
// incline of θ), and a 2 kg box of side 0.3 m resting on it; μ = 0.5 between box and cloth, 2 between cloth
// and ground.
World box_on_cloth(int n, double theta_deg) {
  const double r = 0.01, half = 0.15, mu = 0.5, theta = theta_deg * kPi / 180.0;
  ModelBuilder b;
  b.set_gravity({kG * std::sin(theta), -kG * std::cos(theta), 0.0});
  GroundPlane ground;
  ground.enabled = true;
  ground.material.mu_static = ground.material.mu_dynamic = 2.0;
  b.set_ground(ground);
  ClothGridSpec spec;
  spec.nx = spec.nz = n;
  spec.spacing = 2.0 * r;
  spec.radius = r;
  spec.origin = {-double(n - 1) * r, r, -double(n - 1) * r};
  add_cloth_grid(b, spec);
  const int box = b.add_body(BodyShape::Box, {half, half, half}, 2.0, {0.0, 2.0 * r + half, 0.0});
  b.set_body_material(box, {mu, mu, 0.0});
  b.track_body(box, "box");
  BodyContactSettings contact;
  contact.particle_material = {mu, mu, 0.0};
  b.set_body_contact(contact);
  return World(b.finalize(), BackendKind::Cpu);
}

// On the level, the particles carry the box's weight (their contacts' normal force = M g) without the box
// sinking into them or drifting.
TEST(ParticleBodyContact, BoxOnAClothCarriesItsWeightThroughTheParticles) {
  for (const SolverOrder order : {SolverOrder::GaussSeidel, SolverOrder::Jacobi}) {
    World w = box_on_cloth(32, 0.0);
    const Settings s = test::make_settings(20, 1, order);
    FrameResult last;
    for (int f = 0; f < 90; ++f) last = step_and_measure(w, s);
    const FrameMetrics& m = last.metrics;
    EXPECT_NEAR(m.particle_contact_force, 2.0 * kG, 0.02 * 2.0 * kG) << "order " << int(order);
    EXPECT_GT(m.particle_contacts_touching, 100);
    EXPECT_LT(m.particle_contact_depth_max, 1e-4);
    EXPECT_LT(m.tracked_body_drop, 1e-4) << "the box sank into the cloth";
    EXPECT_LT(m.tracked_body_drift, 1e-4) << "the box slid on the cloth";
    EXPECT_EQ(m.contact_points, 0) << "the box reached the ground";
  }
}

// On an incline the box sticks to the cloth below the friction angle (tan θ < μ) and slides over it with
// a = g (sin θ − μ cos θ) above it (its path ½ a t² within 6%: the cloth's particles are a bumpy floor).
TEST(ParticleBodyContact, BoxOnAClothSticksBelowTheFrictionAngleAndSlidesAboveIt) {
  for (const SolverOrder order : {SolverOrder::GaussSeidel, SolverOrder::Jacobi}) {
    World w = box_on_cloth(32, 20.0);  // tan θ = 0.36
    const Settings s = test::make_settings(20, 1, order);
    while (w.time() < 1.0 - 1e-9) w.step(s);
    EXPECT_LT(std::fabs(w.state().body.x[0].x), 2e-3) << "order " << int(order) << ": crept at 20°";

    World slope = box_on_cloth(48, 30.0);  // tan θ = 0.58
    const double t = 0.6, a = kG * (std::sin(kPi / 6.0) - 0.5 * std::cos(kPi / 6.0));
    while (slope.time() < t - 1e-9) slope.step(s);
    EXPECT_NEAR(slope.state().body.x[0].x, 0.5 * a * t * t, 0.06 * 0.5 * a * t * t) << "order " << int(order);
  }
}

// A particle jointed to a box, inside it, is not paired with it (a contact would push them apart against the
// joint), while an unjointed particle touching the box is.
TEST(ParticleBodyContact, AParticleJointedToABodyDoesNotCollideWithIt) {
  ModelBuilder b;
  b.set_gravity({0.0, -kG, 0.0});
  const int box = b.add_body(BodyShape::Box, {0.1, 0.1, 0.1}, 1.0, {0.0, 0.0, 0.0});
  const int p = b.add_particle({0.0, 0.05, 0.0}, 0.1, 0.05);  // inside the box
  b.pin(p);
  b.add_joint(JointKind::Ball, particle_end(p), box, {0.0, 0.05, 0.0}, {1.0, 0.0, 0.0});
  const int q = b.add_particle({0.0, 0.12, 0.0}, 0.1, 0.05);  // touching the box's top, not jointed
  b.pin(q);
  World w(b.finalize(), BackendKind::Cpu);
  const FrameResult r = step_and_measure(w, test::make_settings(20, 1));
  EXPECT_EQ(r.metrics.particle_contact_points, 1) << "the jointed particle was paired with its box";
}

// fluid_column with a ball of radius R and density ρ_b dropped into a 0.5 × 0.5 m tank of fluid 0.4 m deep
// (800 particles of d = 5 cm): the volume of the ball below the fluid's own surface once it rests
// (submerged_fraction, scenes/body_scene.h), over its volume; Archimedes: ρ_b/ρ₀ when it floats (within 25%:
// PBF's fluid packs closer against solids).
struct Floating {
  double fraction;  // submerged volume over the ball's volume [-]
  double centre;    // the ball's height [m]
};

Floating ball_in_tank(double density) {
  World w(test::build_scene("fluid_column", ball_tank_params(density)), BackendKind::Cpu);
  const Settings s = test::make_settings(10, 1);
  for (int f = 0; f < 120; ++f) w.step(s);  // dropped, it settles within 2 s
  const int averaged = 30;                  // then bobs a little: its depth over the next half second
  double fraction = 0.0, centre = 0.0;
  for (int f = 0; f < averaged; ++f) {
    w.step(s);
    fraction += submerged_fraction(w.model(), w.state(), 0) / averaged;
    centre += w.state().body.x[0].y / averaged;
  }
  return {fraction, centre};
}

TEST(ParticleBodyContact, ALightBallFloatsWithArchimedesDepthAndAHeavyOneSinks) {
  const double rho0 = 1000.0;
  for (const double density : {250.0, 500.0}) {
    const Floating f = ball_in_tank(density);
    EXPECT_NEAR(f.fraction, density / rho0, 0.25 * density / rho0)
        << "density " << density << ": centre at " << f.centre << " m";
    RecordProperty("submerged_" + std::to_string(int(density)), std::to_string(f.fraction));
  }
  // It sinks through the fluid to the bottom, where it rests on the lowest layer of particles, which the
  // floor holds under it (ParticleSupport): its centre within R + d of the floor.
  const double centre = ball_in_tank(3000.0).centre;
  EXPECT_LT(centre, 0.125 + 0.05 + 0.005) << "the heavy ball did not sink to the bottom";
  EXPECT_GT(centre, 0.125 + 0.025) << "the heavy ball went through the lowest layer";
}

}  // namespace
}  // namespace sim
