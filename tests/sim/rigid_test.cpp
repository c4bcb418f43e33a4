// Rigid bodies and joints (Müller et al. 2020) against closed forms: a physical pendulum's small-angle
// period, a hinge holding its axis and its limits, the intermediate-axis flip of a free body with its
// angular momentum conserved, and a particle chain ending on a body carrying its weight.
#include <gtest/gtest.h>

#include <cmath>

#include "frame_step.h"
#include "rigid/shape.h"
#include "test_util.h"

namespace sim {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kG = 9.81;

// A box hanging from a world joint at `pivot`, its centre d below, swung by `angle` [rad] about z, turning at
// ω about the pivot.
Built pendulum(JointKind kind, Vec3 half, double mass, double d, double angle,
               const JointOptions& options = {}, Vec3 omega = {0.0, 0.0, 0.0}) {
  ModelBuilder b;
  b.set_gravity({0.0, -kG, 0.0});
  const Vec3 pivot{0.0, 2.0, 0.0};
  const Quat q = quat_axis_angle({0.0, 0.0, 1.0}, angle);
  const Vec3 x = pivot + rotate(q, {0.0, -d, 0.0});
  const int body = b.add_body(BodyShape::Box, half, mass, x, q, cross(omega, x - pivot), omega);
  b.add_joint(kind, kWorldEnd, body, pivot, {0.0, 0.0, 1.0}, options);
  return b.finalize();
}

// The times at which x crosses zero upwards, linearly interpolated between frames.
std::vector<double> upward_crossings(World& w, const Settings& s, int frames) {
  std::vector<double> t;
  double prev = w.state().body.x[0].x;
  for (int f = 0; f < frames; ++f) {
    w.step(s);
    const double x = w.state().body.x[0].x;
    if (prev < 0.0 && x >= 0.0) t.push_back(w.time() - s.frame_dt * x / (x - prev));
    prev = x;
  }
  return t;
}

TEST(Rigid, BallJointPendulumHasThePhysicalPendulumPeriod) {
  const Vec3 half{0.05, 0.25, 0.05};
  const double mass = 2.0, d = 0.4, angle = 5.0 * kPi / 180.0;
  World w(pendulum(JointKind::Ball, half, mass, d, angle), BackendKind::Cpu);
  const double I = shape_inertia(BodyShape::Box, half, mass).z + mass * d * d;  // about the pivot
  // T = 2π √(I / (m g d)), with the finite-amplitude factor 1 + θ₀²/16
  const double expected = 2.0 * kPi * std::sqrt(I / (mass * kG * d)) * (1.0 + angle * angle / 16.0);
  const std::vector<double> t = upward_crossings(w, test::make_settings(20, 1), 600);
  ASSERT_GE(t.size(), 4u);
  const double period = (t.back() - t.front()) / double(t.size() - 1);
  EXPECT_NEAR(period, expected, 0.01 * expected)
      << "measured " << period << " s, expected " << expected << " s";
}

TEST(Rigid, HingeHoldsItsAxisAgainstAnOffAxisSpin) {
  // released at 40° and spun about x and y: the hinge about z lets only the z part act
  World w(pendulum(JointKind::Hinge, {0.1, 0.3, 0.05}, 1.0, 0.5, 40.0 * kPi / 180.0, {}, {3.0, 2.0, 1.0}),
          BackendKind::Cpu);
  const Settings s = test::make_settings(20, 1);
  double worst_angle = 0.0, worst_z = 0.0;
  for (int f = 0; f < 240; ++f) {
    w.step(s);
    const FrameMetrics m = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt());
    worst_angle = std::max(worst_angle, m.joint_angle_max);
    worst_z = std::max(worst_z, std::fabs(w.state().body.x[0].z));
    ASSERT_LT(m.joint_separation_max, 1e-3) << "frame " << f;
  }
  EXPECT_LT(worst_angle, 0.01) << "the hinge axes drifted apart by " << worst_angle << " rad";
  EXPECT_LT(worst_z, 0.005) << "the body left the hinge's plane by " << worst_z << " m";
}

TEST(Rigid, HingeLimitsBoundTheSwing) {
  JointOptions limits;
  limits.limit_lo = -20.0 * kPi / 180.0;
  limits.limit_hi = 20.0 * kPi / 180.0;
  // released at 0 with a swing that would reach about 60°
  World w(pendulum(JointKind::Hinge, {0.05, 0.3, 0.05}, 1.0, 0.5, 0.0, limits, {0.0, 0.0, 5.0}),
          BackendKind::Cpu);
  const Settings s = test::make_settings(20, 1);
  double widest = 0.0;
  for (int f = 0; f < 120; ++f) {
    w.step(s);
    const Vec3 down = w.state().body.x[0] - Vec3{0.0, 2.0, 0.0};
    widest = std::max(widest, std::fabs(std::atan2(down.x, -down.y)));
  }
  EXPECT_GT(widest, 19.0 * kPi / 180.0) << "the swing should reach its limit";
  EXPECT_LT(widest, 21.0 * kPi / 180.0) << "the swing passed its limit: " << widest * 180.0 / kPi << " deg";
}

TEST(Rigid, FreeBodySpunAboutItsIntermediateAxisFlipsAndKeepsItsAngularMomentum) {
  ModelBuilder b;
  b.set_gravity({0.0, 0.0, 0.0});
  // I_x < I_y < I_z: y is the intermediate axis (Dzhanibekov effect)
  b.add_body(BodyShape::Box, {0.3, 0.2, 0.1}, 1.0, {0.0, 0.0, 0.0}, quat_identity(), {0.0, 0.0, 0.0},
             {0.01, 6.0, 0.01});
  World w(b.finalize(), BackendKind::Cpu);
  const Settings s = test::make_settings(20, 1);
  const Vec3 L0 = metrics_from_sums(w.model(), w.measure(1.0), 0.0).angular_momentum;
  double lowest = 1.0, drift = 0.0;
  for (int f = 0; f < 600; ++f) {  // 10 s
    w.step(s);
    lowest = std::min(lowest, rotate(w.state().body.q[0], {0.0, 1.0, 0.0}).y);
    const Vec3 L = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt()).angular_momentum;
    drift = std::max(drift, length(L - L0) / length(L0));
  }
  EXPECT_LT(lowest, -0.9) << "the body's y axis never turned over";
  EXPECT_LT(drift, 0.01) << "angular momentum drifted by " << drift * 100.0 << "%";
}

// A chain of particles from a pinned one down to a box, the last particle joined to the box's top face: at
// rest the top link carries every particle below it and the box, and the joint the box's weight.
void expect_particle_chain_carries_the_body(SolverOrder order) {
  ModelBuilder b;
  b.set_gravity({0.0, -kG, 0.0});
  const int n = 6;
  const double link = 0.1, particle_mass = 0.1, box_mass = 3.0;
  for (int i = 0; i < n; ++i) b.add_particle({0.0, 2.0 - link * i, 0.0}, i == 0 ? 0.0 : particle_mass, 0.02);
  for (int i = 0; i + 1 < n; ++i) {
    const int id = b.add_distance(i, i + 1, 0.0);
    if (i == 0) b.add_probe("top_link", id);
  }
  const Vec3 end = b.position(n - 1);
  const int box = b.add_body(BodyShape::Box, {0.1, 0.1, 0.1}, box_mass, end - Vec3{0.0, 0.1, 0.0});
  b.add_joint_probe("joint", b.add_joint(JointKind::Ball, particle_end(n - 1), box, end, {1.0, 0.0, 0.0}));
  World w(b.finalize(), BackendKind::Cpu);
  Settings s = test::make_settings(50, 1, order);
  s.damping = 1.0;  // settle
  test::run_frames(w, s, 180);
  const FrameMetrics m = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt());
  const double top = ((n - 1) * particle_mass + box_mass) * kG;
  ASSERT_EQ(m.probe_force.size(), 2u);
  EXPECT_NEAR(m.probe_force[0], top, 0.02 * top);
  EXPECT_NEAR(m.probe_force[1], box_mass * kG, 0.02 * box_mass * kG);
  EXPECT_LT(m.joint_separation_max, 1e-3);
}

TEST(Rigid, ParticleChainCarriesABodyGaussSeidel) {
  expect_particle_chain_carries_the_body(SolverOrder::GaussSeidel);
}
TEST(Rigid, ParticleChainCarriesABodyJacobi) { expect_particle_chain_carries_the_body(SolverOrder::Jacobi); }

TEST(Rigid, FixedJointHoldsTheRelativePose) {
  ModelBuilder b;
  b.set_gravity({0.0, -kG, 0.0});
  const int a = b.add_body(BodyShape::Box, {0.3, 0.05, 0.05}, 1.0, {0.3, 2.0, 0.0});
  const int c = b.add_body(BodyShape::Sphere, {0.1, 0.0, 0.0}, 2.0, {0.7, 2.0, 0.0});
  b.add_joint(JointKind::Fixed, kWorldEnd, a, {0.0, 2.0, 0.0}, {0.0, 0.0, 1.0});  // a cantilever
  b.add_joint(JointKind::Fixed, a, c, {0.6, 2.0, 0.0}, {0.0, 0.0, 1.0});
  World w(b.finalize(), BackendKind::Cpu);
  test::run_frames(w, test::make_settings(40, 1), 60);
  const FrameMetrics m = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt());
  EXPECT_LT(m.joint_angle_max, 1e-3);
  EXPECT_LT(m.joint_separation_max, 1e-3);
  EXPECT_NEAR(w.state().body.x[1].y, 2.0, 0.01) << "the cantilever sagged";
}

TEST(Rigid, BadBodiesAndJointsAreRefusedWithTheirReason) {
  ModelBuilder b;
  EXPECT_THROW(b.add_body(BodyShape::Box, {0.1, -1.0, 0.1}, 1.0, {}), std::invalid_argument);
  EXPECT_THROW(b.add_body(BodyShape::Sphere, {0.1, 0.0, 0.0}, -1.0, {}), std::invalid_argument);
  const int body = b.add_body(BodyShape::Sphere, {0.1, 0.0, 0.0}, 1.0, {});
  EXPECT_THROW(b.add_joint(JointKind::Ball, body, body, {}, {1.0, 0.0, 0.0}), std::invalid_argument);
  EXPECT_THROW(b.add_joint(JointKind::Ball, body, 7, {}, {1.0, 0.0, 0.0}), std::invalid_argument);
  EXPECT_THROW(b.add_joint(JointKind::Hinge, body, kWorldEnd, {}, {0.0, 0.0, 0.0}), std::invalid_argument);
  EXPECT_THROW(b.add_joint(JointKind::Ball, particle_end(0), body, {}, {1.0, 0.0, 0.0}),
               std::invalid_argument);
}

TEST(Rigid, ForceBasedIntegratorsRefuseBodies) {
  ModelBuilder b;
  b.add_body(BodyShape::Sphere, {0.1, 0.0, 0.0}, 1.0, {});
  World w(b.finalize(), BackendKind::Cpu);
  Settings s = test::make_settings(1, 1);
  s.integrator = Integrator::ImplicitEuler;
  EXPECT_THROW(w.step(s), ParamError);
}

}  // namespace
}  // namespace sim

namespace sim {
namespace {

// Figure 8: the mean of the largest joint separation over 1 s of the rigid chain at 1:1000.
double mean_separation(int substeps, int iterations) {
  World w(test::build_scene("rigid_chain"), BackendKind::Cpu);
  const Settings s = test::make_settings(substeps, iterations);
  double sum = 0.0;
  const int frames = 60;
  for (int f = 0; f < frames; ++f) {
    w.step(s);
    const FrameMetrics m = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt());
    EXPECT_GT(m.joint_separation_max, 0.0);
    sum += m.joint_separation_max;
  }
  return sum / frames;
}

TEST(RigidChain, SubstepsHoldTheJointsFarTighterThanIterations) {
  // measured on the CPU: 1 × 100 51 mm, 1 × 500 11 mm, 100 × 1 0.56 mm (92 times less than 1 × 100)
  const double iterations = mean_separation(1, 100), more_iterations = mean_separation(1, 500),
               substeps = mean_separation(100, 1);
  EXPECT_GT(iterations, 0.02) << "Figure 8's visible separation at 1 x 100";
  EXPECT_LT(more_iterations, 0.5 * iterations);
  EXPECT_GT(more_iterations, 5.0 * substeps) << "1 x 500 still stretches";
  EXPECT_GT(iterations / substeps, 50.0) << "1 x 100: " << iterations << " m, 100 x 1: " << substeps << " m";
}

TEST(RigidChain, TopJointCarriesTheHangingWeightAtRest) {
  World w(test::build_scene("rigid_chain"), BackendKind::Cpu);
  Settings s = test::make_settings(100, 1);
  s.damping = 2.0;  // the chain's bounce settles
  test::run_frames(w, s, 600);
  const FrameMetrics m = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt());
  const double weight = (20 * 1.0 + 1000.0) * 9.81;  // 20 links of 1 kg and the 1000 kg weight
  ASSERT_EQ(m.probe_force.size(), 1u);
  EXPECT_NEAR(m.probe_force[0], weight, 0.02 * weight);
  EXPECT_LT(m.kinetic, 0.01);
}

TEST(SwingingBox, OneSubstepFallsApartWhereSubstepsSwingStably) {
  World single(test::build_scene("swinging_box"), BackendKind::Cpu);
  const Settings one = test::make_settings(1, 1);
  bool diverged = false;
  for (int f = 0; f < 600 && !diverged; ++f) {
    single.step(one);
    diverged = divergence_from_sums(single.measure(1.0)).has_value();
  }
  EXPECT_TRUE(diverged) << "Giles & Andrews 2024 4.1.1: with one substep the chain is immediately unstable";

  World w(test::build_scene("swinging_box"), BackendKind::Cpu);
  const Settings s = test::make_settings(100, 1);
  const double start = metrics_from_sums(w.model(), w.measure(1.0), 0.0).total;
  double lowest = start, worst_separation = 0.0;
  for (int f = 0; f < 300; ++f) {
    w.step(s);
    const FrameMetrics m = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt());
    lowest = std::min(lowest, m.total);
    worst_separation = std::max(worst_separation, m.joint_separation_max);
  }
  EXPECT_GT(lowest, 0.97 * start) << "100 x 1 lost more than 3% of its energy in 5 s";
  EXPECT_LT(worst_separation, 0.01);
}

// Every end of the scene tables' ranges builds and runs: 500 links, every link shape, the largest and
// smallest mass ratios and links; a run that cannot hold is reported as a divergence, never a crash or NaN.
TEST(RigidChain, EveryRangeEndBuildsAndRuns) {
  const std::vector<std::map<std::string, double>> cases = {
      {{"links", 500}},
      {{"links", 1}, {"link_shape", 0}},
      {{"link_shape", 2}, {"mass_ratio", 1e6}},
      {{"mass_ratio", 1e-3}, {"link_mass", 1e4}},
      {{"link_length", 10.0}, {"link_radius", 1.0}, {"weight_size", 10.0}},
      {{"link_length", 0.01}, {"link_radius", 0.001}, {"weight_size", 0.01}, {"angle", 180.0}},
  };
  for (const char* scene : {"rigid_chain", "swinging_box"})
    for (const auto& params : cases) {
      World w(test::build_scene(scene, params), BackendKind::Cpu);
      const Settings s = test::make_settings(100, 1);
      bool diverged = false;
      for (int f = 0; f < 10 && !diverged; ++f) {
        const FrameResult r = step_and_measure(w, s);
        diverged = r.divergence.has_value();
        if (!diverged) ASSERT_TRUE(std::isfinite(r.metrics.total)) << scene << " frame " << f;
      }
      if (params.count("links") && params.at("links") == 500)
        EXPECT_FALSE(diverged) << scene << ": 500 links";
    }
}

}  // namespace
}  // namespace sim
