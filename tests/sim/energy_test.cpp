// The energies and the Eq. 2 residual that measure() reports (registry/frame_metrics.h): elastic energy from
// the multipliers, ½ α f² with f = λ/Δt_s², against closed forms; a total that does not climb when one
// iteration leaves the stiff constraints' C set by the inverse masses (½ C²/α, kept as `violation`,
// climbed to thousands of joules); a residual that leaves a soft constraint's intended stretch out.
#include <gtest/gtest.h>

#include <algorithm>

#include "registry/builder.h"
#include "test_util.h"

namespace sim {
namespace {

constexpr double kG = 9.81;  // [m/s²]

// A compliant chain at rest: link i (from the top) carries the weight of the n − 1 − i particles below
// it, F_i = (n − 1 − i) m g, and stores ½ α F_i².
TEST(Energy, CompliantChainStoresHalfComplianceTimesForceSquaredPerLink) {
  const double alpha = 1e-4;
  const int n = 20;
  double closed_form = 0.0;
  for (int i = 0; i + 1 < n; ++i) closed_form += 0.5 * alpha * ((n - 1 - i) * kG) * ((n - 1 - i) * kG);
  for (const SolverOrder order : {SolverOrder::GaussSeidel, SolverOrder::Jacobi}) {
    World world(test::build_scene("chain", {{"compliance", alpha}}), BackendKind::Cpu);
    Settings s = test::make_settings(100, 1, order);
    s.damping = 5.0;  // comes to rest at the same equilibrium
    test::run_frames(world, s, 300);
    const FrameMetrics m = measure(world.model(), world.state(), world.last_substep_dt());
    EXPECT_NEAR(m.elastic, closed_form, 0.02 * closed_form)
        << (order == SolverOrder::Jacobi ? "jacobi" : "gs");
    EXPECT_NEAR(m.violation, closed_form, 0.05 * closed_form) << "converged: ½C²/α agrees";
    EXPECT_DOUBLE_EQ(m.total, m.kinetic + m.gravitational + m.elastic);
  }
}

// Nothing does work on the released cloth: its total may fall (implicit damping, Figure 6) but not rise,
// neither with substeps nor with iterations (½C²/α reached 4134 J at 20 × 1 and 157,000 J at 1 × 20).
TEST(Energy, HangingClothTotalNeverRisesAboveItsStart) {
  for (const auto& [n, k] : {std::pair{20, 1}, std::pair{1, 20}}) {
    World world(test::build_scene("hanging_cloth"), BackendKind::Cpu);
    const double e0 = measure(world.model(), world.state(), 0.0).total;
    double highest = e0, violation = 0.0;
    for (int f = 0; f < 30; ++f) {
      world.step(test::make_settings(n, k));
      const FrameMetrics m = measure(world.model(), world.state(), world.last_substep_dt());
      highest = std::max(highest, m.total);
      violation = std::max(violation, m.violation);
    }
    EXPECT_LE(highest, e0 + 1e-3 * std::abs(e0)) << n << " x " << k;
    EXPECT_GT(violation, 10.0 * std::abs(e0)) << "½C²/α is solver error here, kept out of the total";
  }
}

// A particle hanging from a pin on a soft spring (α = 0.01 m/N, 1 kg) stretches it by α m g = 0.098 m
// by design: that is extension, and the Eq. 2 residual C + α̃λ is near zero once it rests.
TEST(Energy, ResidualLeavesTheIntendedStretchOfASoftConstraintOut) {
  ModelBuilder b;
  const int top = b.add_particle({0.0, 1.0, 0.0}, 0.0, 0.01);
  const int bob = b.add_particle({0.0, 0.9, 0.0}, 1.0, 0.01);
  b.add_distance(top, bob, 0.01);
  b.set_gravity({0.0, -kG, 0.0});
  World world(b.finalize(), BackendKind::Cpu);
  Settings s = test::make_settings(20, 1);
  s.damping = 5.0;
  test::run_frames(world, s, 300);
  const FrameMetrics m = measure(world.model(), world.state(), world.last_substep_dt());
  EXPECT_NEAR(m.max_extension, 0.01 * kG, 1e-3 * 0.01 * kG);
  EXPECT_LT(m.max_residual, 1e-6);
  EXPECT_NEAR(m.elastic, 0.5 * 0.01 * kG * kG, 1e-3 * 0.5 * 0.01 * kG * kG);
}

}  // namespace
}  // namespace sim
