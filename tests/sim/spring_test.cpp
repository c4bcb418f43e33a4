// One particle on a spring is a (damped) harmonic oscillator with a closed form:
//   m ẍ = −k u − c u̇, k = 1/α, c = β  ⇒  static stretch m g α, ω_d = √(k/m − (c/2m)²),
//   amplitude decay e^{−c t / 2m}. With many substeps XPBD follows it (Small Steps Eqs. 5 and 8).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "test_util.h"

namespace sim {
namespace {

TEST(Spring, StaticStretchOfCompliantAttachmentIsWeightTimesCompliance) {
  const Real mass = 2.0, alpha = 1e-3;  // k = 1000 N/m
  ModelBuilder b;
  const int p = b.add_particle({0.0, 1.0, 0.0}, mass, 0.01);
  b.add_attachment(p, {0.0, 1.0, 0.0}, alpha);
  World world(b.finalize(), BackendKind::Cpu);
  test::run_frames(world, test::make_settings(1, 50), 600);  // implicit Euler's damping settles it
  const Real stretch = 1.0 - world.state().particle_x[0].y;
  EXPECT_NEAR(stretch, mass * 9.81 * alpha, 1e-3 * mass * 9.81 * alpha);
}

// Extension u(t) [m] of a spring of rest length 1 m hanging from a pinned anchor, no gravity, u(0) = 0.1 m.
std::vector<double> oscillate(Real mass, Real alpha, Real beta, int substeps, int frames) {
  ModelBuilder b;
  b.set_gravity({0.0, 0.0, 0.0});
  const int anchor = b.add_particle({0.0, 0.0, 0.0}, 0.0, 0.01);
  const int p = b.add_particle({0.0, -1.1, 0.0}, mass, 0.01);
  b.add_distance(anchor, p, alpha, beta, 1.0);
  World world(b.finalize(), BackendKind::Cpu);
  std::vector<double> u;
  for (int f = 0; f < frames; ++f) {
    world.step(test::make_settings(substeps, 1));
    u.push_back(-double(world.state().particle_x[1].y) - 1.0);
  }
  return u;
}

// Local maxima of u: (frame, value).
std::vector<std::pair<int, double>> peaks(const std::vector<double>& u) {
  std::vector<std::pair<int, double>> out;
  for (size_t f = 1; f + 1 < u.size(); ++f)
    if (u[f] > u[f - 1] && u[f] >= u[f + 1]) out.emplace_back(int(f), u[f]);
  return out;
}

TEST(Spring, UndampedPeriodAndAmplitudeMatchClosedForm) {
  const Real mass = 1.0, alpha = 1e-2;  // k = 100 N/m: ω = 10 rad/s, T = 0.628 s
  const auto p = peaks(oscillate(mass, alpha, 0.0, 100, 240));
  ASSERT_GE(p.size(), 5u);
  const double period = double(p[4].first - p[0].first) / 4.0 / 60.0;
  EXPECT_NEAR(period, 2.0 * M_PI / 10.0, 0.5 / 60.0);
  EXPECT_GT(p[4].second, 0.97 * 0.1);  // small steps: little numerical damping
}

TEST(Spring, DampedDecayRateMatchesClosedForm) {
  const Real mass = 1.0, alpha = 1e-2, beta = 2.0;  // decay rate c / 2m = 1 /s
  const auto p = peaks(oscillate(mass, alpha, beta, 100, 240));
  ASSERT_GE(p.size(), 4u);
  const double dt = double(p[3].first - p[0].first) / 60.0;
  const double rate = std::log(p[0].second / p[3].second) / dt;
  EXPECT_NEAR(rate, beta / (2.0 * mass), 0.05 * beta / (2.0 * mass));
}

}  // namespace
}  // namespace sim
