// Rigid bodies and joints (Müller et al. 2020) against closed forms: a physical pendulum's small-angle
// period, a hinge holding its axis and its limits, the intermediate-axis flip of a free body with its
// angular momentum conserved, and a particle chain ending on a body carrying its weight.
#include <gtest/gtest.h>

#include <cmath>

#include "geometry/body_shape.h"
#include "test_util.h"
#include "world/frame_step.h"

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

// The closed-form volumes and principal moments against a Monte Carlo integral over each shape (a capsule's
// hemispheres are where a formula goes wrong).
TEST(Rigid, ShapeInertiaMatchesAnIntegralOverTheShape) {
  struct Case {
    BodyShape shape;
    Vec3 size;
    Vec3 half_box;  // a box around the shape
  };
  const Case cases[] = {{BodyShape::Box, {0.3, 0.2, 0.1}, {0.3, 0.2, 0.1}},
                        {BodyShape::Capsule, {0.1, 0.25, 0.0}, {0.1, 0.35, 0.1}},
                        {BodyShape::Sphere, {0.2, 0.0, 0.0}, {0.2, 0.2, 0.2}}};
  for (const Case& c : cases) {
    const auto inside = [&](Vec3 p) {
      if (c.shape == BodyShape::Box) return true;
      if (c.shape == BodyShape::Sphere) return length(p) <= c.size.x;
      const Real y = std::fmin(std::fmax(p.y, -c.size.y), c.size.y);  // nearest point on the segment
      return length(p - Vec3{0.0, y, 0.0}) <= c.size.x;
    };
    unsigned state = 12345u;
    const auto uniform = [&state] {  // xorshift, reproducible
      state ^= state << 13;
      state ^= state >> 17;
      state ^= state << 5;
      return double(state) / 4294967296.0;
    };
    const int samples = 400000;
    double count = 0.0;
    Vec3 second{0.0, 0.0, 0.0};  // Σ x², y², z² of the points inside
    for (int i = 0; i < samples; ++i) {
      const Vec3 p{(2.0 * uniform() - 1.0) * c.half_box.x, (2.0 * uniform() - 1.0) * c.half_box.y,
                   (2.0 * uniform() - 1.0) * c.half_box.z};
      if (!inside(p)) continue;
      count += 1.0;
      second += Vec3{p.x * p.x, p.y * p.y, p.z * p.z};
    }
    const double box_volume = 8.0 * c.half_box.x * c.half_box.y * c.half_box.z;
    EXPECT_NEAR(shape_volume(c.shape, c.size), box_volume * count / samples,
                0.01 * shape_volume(c.shape, c.size));
    const double mass = 2.0;
    const Vec3 m2 = (mass / count) * second;  // mass-weighted means of x², y², z²
    const Vec3 expected{m2.y + m2.z, m2.x + m2.z, m2.x + m2.y};
    const Vec3 I = shape_inertia(c.shape, c.size, mass);
    EXPECT_NEAR(I.x, expected.x, 0.01 * expected.x) << int(c.shape);
    EXPECT_NEAR(I.y, expected.y, 0.01 * expected.y) << int(c.shape);
    EXPECT_NEAR(I.z, expected.z, 0.01 * expected.z) << int(c.shape);
  }
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
  RecordProperty("period_error", std::to_string(period / expected - 1.0));
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
    worst_z = std::max(worst_z, double(std::fabs(w.state().body.x[0].z)));
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
    widest = std::max(widest, double(std::fabs(std::atan2(down.x, -down.y))));
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
    lowest = std::min(lowest, double(rotate(w.state().body.q[0], {0.0, 1.0, 0.0}).y));
    const Vec3 L = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt()).angular_momentum;
    drift = std::max(drift, double(length(L - L0) / length(L0)));
  }
  EXPECT_LT(lowest, -0.9) << "the body's y axis never turned over";
  EXPECT_LT(drift, 0.01) << "angular momentum drifted by " << drift * 100.0 << "%";
  RecordProperty("angular_momentum_drift", std::to_string(drift));
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

TEST(Rigid, ParticleHeldByAWorldJointCarriesItsWeight) {
  // no bodies at all: the joint's multipliers still start every substep at zero
  ModelBuilder b;
  b.set_gravity({0.0, -kG, 0.0});
  const int p = b.add_particle({0.0, 1.0, 0.0}, 2.0, 0.05);
  b.add_joint_probe(
      "hold", b.add_joint(JointKind::Ball, particle_end(p), kWorldEnd, {0.0, 1.0, 0.0}, {1.0, 0.0, 0.0}));
  World w(b.finalize(), BackendKind::Cpu);
  test::run_frames(w, test::make_settings(20, 1), 30);
  const FrameMetrics m = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt());
  EXPECT_NEAR(m.probe_force[0], 2.0 * kG, 1e-6 * kG);
  EXPECT_NEAR(w.state().particle_x[0].y, 1.0, 1e-9);
}

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
  // it falls apart: its joints pull apart by a fifth of a metre (the box lands on the ground, which catches
  // what without contacts left the scene bounds at t = 5.35 s), or the state diverges
  bool apart = false;
  for (int f = 0; f < 600 && !apart; ++f) {
    single.step(one);
    const MeasuredSums sums = single.measure(1.0);
    apart = divergence_from_sums(sums).has_value() || family_sums<RigidFamily>(sums).joint_separation_max > 0.2;
  }
  EXPECT_TRUE(apart) << "Giles & Andrews 2024 4.1.1: with one substep the chain is immediately unstable";

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
  // The swing stays in its plane, and the links turn together: a row-by-row projection along the error
  // (Müller 2020's) left error across it that grew into 200 rad/s of out-of-plane spin and zig-zag.
  // In float the hinges' axis error is read from rounded orientations, about 6e-8 rad, which their
  // correction over Δt_s turns into out-of-plane ω of order 6e-8 / Δt_s = 4e-4 rad/s (measured up to 2e-3).
  const State& st = w.state();
  for (size_t b = 0; b < st.body.x.size(); ++b) {
    EXPECT_LT(std::fabs(st.body.x[b].z), test::by_precision(1e-9, 1e-6)) << "body " << b;
    EXPECT_LT(std::fabs(st.body.omega[b].x) + std::fabs(st.body.omega[b].y), test::by_precision(1e-6, 5e-3))
        << "body " << b;
    if (b + 2 < st.body.x.size())  // neighbouring links (the last body is the box)
      EXPECT_LT(std::fabs(st.body.omega[b].z - st.body.omega[b + 1].z), 0.5)
          << "links " << b << ", " << b + 1;
  }
}

// Joint damping (Müller 2020 §3.6) takes energy out of a swinging two-link chain that keeps it undamped:
// the largest kinetic energy over its fourth second.
TEST(RigidChain, JointDampingTakesTheSwingsEnergy) {
  const auto late_swing = [](double damping) {
    World w(test::build_scene("rigid_chain",
                              {{"links", 2}, {"mass_ratio", 1}, {"angle", 60}, {"joint_damping", damping}}),
            BackendKind::Cpu);
    const Settings s = test::make_settings(50, 1);
    double first = 0.0, late = 0.0;
    for (int f = 0; f < 240; ++f) {
      w.step(s);
      const double kinetic = metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt()).kinetic;
      (f < 60 ? first : late) = std::max(f < 60 ? first : late, f >= 180 || f < 60 ? kinetic : 0.0);
    }
    return std::make_pair(first, late);
  };
  const auto [first, undamped] = late_swing(0.0);
  // measured: 2.20 J undamped, 0.94 J at 50/s, 0.16 J at 200/s (the pivot's positional block turns part of
  // each damped spin back into the swing, so the swing decays more slowly than e^{−μ t})
  const auto [first_damped, damped] = late_swing(50.0);
  EXPECT_GT(undamped, 0.8 * first) << "undamped, the swing keeps its energy";
  EXPECT_LT(damped, 0.6 * undamped) << "damped " << damped << " J against " << undamped << " J";
  EXPECT_GT(first_damped, 0.0);
}

// Every end of the scene tables' ranges builds and runs: 500 links, every link shape, the largest and
// smallest mass ratios and links; a run that cannot hold is reported as a divergence, never a crash or NaN.
TEST(RigidChain, EveryRangeEndBuildsAndRuns) {
  const std::vector<ParamValues> cases = {
      {{"links", 500}},
      {{"links", 1}, {"link_shape", "box"}},
      {{"link_shape", "sphere"}, {"mass_ratio", 1e6}},
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
      if (params.count("links") && params.at("links").number() == 500)
        EXPECT_FALSE(diverged) << scene << ": 500 links";
    }
}

// A chain longer than the default pivot's height (3 m) hangs clear of the ground: its pivot rises. Before,
// 50 links put the 1000 kg weight 2 m under the ground, which threw it up the chain (250 kJ of kinetic
// energy by frame 30); hanging straight at rest the chain keeps its kinetic energy within 1 % of the work
// of lowering the weight by the chain's length.
TEST(RigidChain, LongChainsHangClearOfTheGround) {
  for (const double links : {50.0, 200.0}) {
    World w(test::build_scene("rigid_chain", {{"links", links}}), BackendKind::Cpu);
    const std::vector<Position> x = w.state().body.x;  // body centres [m]
    for (size_t i = 0; i < x.size(); ++i) EXPECT_GT(x[i].y, 0.1) << links << " links, body " << i;
    const double weight = 1.0 / double(w.model().body.inv_mass.back());  // [kg]
    const double lowering = weight * kG * 0.1 * links;             // [J]
    const Settings s = test::make_settings(100, 1);
    for (int f = 0; f < 30; ++f) {
      const FrameResult r = step_and_measure(w, s);
      ASSERT_FALSE(r.divergence.has_value()) << links << " links: " << *r.divergence;
      ASSERT_LT(r.metrics.kinetic, 0.01 * lowering) << links << " links, frame " << f + 1;
    }
  }
}

}  // namespace
}  // namespace sim
